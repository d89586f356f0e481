import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/*
 * A software WebAuthn authenticator for API tests (issue 19): an ES256 (P-256) key
 * pair made with node:crypto, "none" attestation, and the byte layouts of the
 * WebAuthn spec (authenticator data, COSE key, attestation object). What the
 * browser adds (clientDataJSON with the challenge and origin) is made here too, so
 * a test can answer with another origin or RP id, an old challenge or an old counter.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** The COSE_Key of an EC2 P-256 public key (alg ES256). */
function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const map = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  return isoCBOR.encode(map);
}

export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
  /** Authenticator flags: user present and verified unless told otherwise. */
  userVerified?: boolean;
  /** The signature counter to report (next one by default). */
  counter?: number;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter; each assertion reports it plus one. */
  counter = 0;

  constructor(
    private readonly origin: string,
    private readonly rpId: string,
  ) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  /** What navigator.credentials.create() answers for `options` (as @simplewebauthn/browser sends it). */
  register(options: { challenge: string }, overrides: CeremonyOverrides = {}) {
    const clientDataJSON = JSON.stringify({
      type: overrides.type ?? 'webauthn.create',
      challenge: overrides.challenge ?? options.challenge,
      origin: overrides.origin ?? this.origin,
      crossOrigin: false,
    });
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? this.rpId),
      Buffer.from([FLAG_UP | FLAG_AT | (overrides.userVerified === false ? 0 : FLAG_UV)]),
      counterBytes(overrides.counter ?? this.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      coseKeyOf(this.keys.publicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, Parameters<typeof isoCBOR.encode>[0]>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /**
   * What navigator.credentials.get() answers for `options`: signed with the private
   * key, the counter one up (unless overridden); `userHandle` for a discoverable passkey.
   */
  assert(
    options: { challenge: string },
    overrides: CeremonyOverrides & { userHandle?: string } = {},
  ) {
    const counter = overrides.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const clientDataJSON = JSON.stringify({
      type: overrides.type ?? 'webauthn.get',
      challenge: overrides.challenge ?? options.challenge,
      origin: overrides.origin ?? this.origin,
      crossOrigin: false,
    });
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? this.rpId),
      Buffer.from([FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV)]),
      counterBytes(counter),
    ]);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(overrides.userHandle ? { userHandle: b64url(overrides.userHandle) } : {}),
      },
    };
  }
}
