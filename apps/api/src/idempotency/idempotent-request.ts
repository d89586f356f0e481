import { createHash } from 'node:crypto';
import type { DB } from '@repo/db';
import { POST_MESSAGES } from '@repo/validation';
import type { AuditActor } from '../audit/audit-log';
import { AppError } from '../errors';
import { findStoredAnswer, lockIdempotencyKey, storeAnswer } from './idempotency-repository';

/** JSON with its object keys sorted, so the same body hashes the same however it is ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface Answer<T> {
  statusCode: number;
  response: T;
}

/**
 * Runs `create` in a transaction once per caller and `Idempotency-Key` (issue 23):
 * a retry with the same key and the same body gets the first answer again (for
 * 24 hours) and creates nothing; the same key with another body is a 422. Two
 * requests with one key at once wait for each other (an advisory lock on the key),
 * so the second replays the first. Without a key, `create` just runs. Only a
 * success is kept: a refused request may be retried with its key.
 */
export async function idempotentRequest<T>(
  db: DB,
  request: { scope: string; key: string | undefined; body: unknown },
  create: (trx: DB) => Promise<Answer<T>>,
): Promise<Answer<T> & { replayed: boolean }> {
  const { scope, key } = request;
  if (key === undefined) {
    return { ...(await db.transaction().execute(create)), replayed: false };
  }
  const requestHash = createHash('sha256').update(canonicalJson(request.body)).digest('hex');
  return db.transaction().execute(async (trx) => {
    await lockIdempotencyKey(trx, scope, key);
    const stored = await findStoredAnswer(trx, scope, key);
    if (stored) {
      if (stored.requestHash !== requestHash) {
        throw new AppError(422, POST_MESSAGES.idempotencyKeyReused, 'idempotency_key_reused');
      }
      return { statusCode: stored.statusCode, response: stored.response as T, replayed: true };
    }
    const answer = await create(trx);
    await storeAnswer(trx, scope, key, { requestHash, ...answer });
    return { ...answer, replayed: false };
  });
}

/** Whose keys these are: a key is one caller's, never shared between staff or API keys. */
export function idempotencyCallerOf(actor: AuditActor): string {
  if (actor.kind === 'staff') return `staff:${actor.userId}`;
  if (actor.kind === 'api_key') return `api_key:${actor.apiKeyId}`;
  return actor.kind;
}
