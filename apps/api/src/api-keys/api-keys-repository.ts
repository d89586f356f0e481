import type { ApiKey } from '@repo/api-client';
import type { ApiKeyRow, DB } from '@repo/db';
import { type ApiKeyEnvironment, maskApiKey } from '@repo/validation';
import { sql } from 'kysely';
import type { GeneratedApiKey } from './api-key-secret';

const columns = [
  'id',
  'name',
  'environment',
  'keyId',
  'keyPrefix',
  'keyLastFour',
  'lastUsedAt',
  'createdAt',
  'isActive',
] as const;

type Row = Pick<ApiKeyRow, (typeof columns)[number]>;

function toApiKey(row: Row): ApiKey {
  return {
    id: row.id,
    name: row.name,
    environment: row.environment,
    keyId: row.keyId,
    // The stored prefix and last four are exactly the visible parts of the mask.
    maskedKey: maskApiKey(`${row.keyPrefix}${row.keyLastFour}`),
    lastUsed: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    isActive: row.isActive,
  };
}

export async function insertApiKey(
  db: DB,
  input: { name: string; environment: ApiKeyEnvironment; key: GeneratedApiKey },
): Promise<ApiKey> {
  const row = await db
    .insertInto('apiKeys')
    .values({
      name: input.name,
      environment: input.environment,
      keyId: input.key.keyId,
      secretHash: input.key.secretHash,
      keyPrefix: input.key.keyPrefix,
      keyLastFour: input.key.keyLastFour,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toApiKey(row);
}

/** Newest first. */
export async function listApiKeys(db: DB): Promise<ApiKey[]> {
  const rows = await db
    .selectFrom('apiKeys')
    .select(columns)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toApiKey);
}

/** Revokes an active key; 'already_revoked' or undefined (unknown id) otherwise. */
export async function revokeApiKey(
  db: DB,
  id: string,
): Promise<ApiKey | 'already_revoked' | undefined> {
  const row = await db
    .updateTable('apiKeys')
    .set({ isActive: false, revokedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('isActive', '=', true)
    .returning(columns)
    .executeTakeFirst();
  if (row) return toApiKey(row);
  const exists = await db
    .selectFrom('apiKeys')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return exists ? 'already_revoked' : undefined;
}

export function findActiveApiKey(db: DB, keyId: string) {
  return db
    .selectFrom('apiKeys')
    .select(['id', 'keyId', 'environment', 'secretHash'])
    .where('keyId', '=', keyId)
    .where('isActive', '=', true)
    .executeTakeFirst();
}

/** Records use, at most once a minute per key, so busy keys do not write on every call. */
export async function touchApiKey(db: DB, id: string): Promise<void> {
  await db
    .updateTable('apiKeys')
    .set({ lastUsedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('lastUsedAt', 'is', null),
        eb('lastUsedAt', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}
