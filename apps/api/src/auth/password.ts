import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

// scrypt at OWASP's recommended cost for new hashes (N=2^17, r=8, p=1): 128 MiB
// and a few hundred milliseconds per hash. The parameters are stored with the
// hash, so older hashes keep working and are upgraded at the next sign-in.
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
/** scrypt needs 128 * N * r bytes; Node refuses above maxmem (default 32 MiB). */
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `params` is for tests that need an old, weaker hash; production uses the default. */
export async function hashPassword(
  password: string,
  params: { N: number; r: number; p: number } = SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return undefined;
  return { N: Number(n), r: Number(r), p: Number(p), salt, hash };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, 'base64');
  const actual = await derive(password, Buffer.from(parsed.salt, 'base64'), {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when `stored` was made with weaker parameters than today's: rehash after a sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return parsed.N < SCRYPT_PARAMS.N || parsed.r < SCRYPT_PARAMS.r || parsed.p < SCRYPT_PARAMS.p;
}

let dummy: Promise<string> | undefined;

/** A hash of a random password: lets a failed lookup cost as much as a wrong password. */
export function timingDummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
