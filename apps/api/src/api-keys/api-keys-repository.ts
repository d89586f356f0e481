import type { ApiKey } from '@repo/validation';
import type { ApiKeyRow, DB } from '@repo/db';
import {
  API_KEY_PERMISSIONS,
  type ApiKeyEnvironment,
  maskApiKey,
  type Permission,
} from '@repo/validation';
import { sql } from 'kysely';
import { permissionsOf } from '../roles/roles-repository';
import type { GeneratedApiKey } from './api-key-secret';

const columns = [
  'apiKeys.id',
  'apiKeys.name',
  'apiKeys.environment',
  'apiKeys.keyId',
  'apiKeys.keyPrefix',
  'apiKeys.keyLastFour',
  'apiKeys.lastUsedAt',
  'apiKeys.lastUsedIp',
  'apiKeys.createdAt',
  'apiKeys.isActive',
  'apiKeys.permissions',
  'apiKeys.expiresAt',
  'apiKeys.createdBy',
  'users.username as creatorUsername',
  'users.name as creatorName',
] as const;

type Row = Pick<
  ApiKeyRow,
  | 'id'
  | 'name'
  | 'environment'
  | 'keyId'
  | 'keyPrefix'
  | 'keyLastFour'
  | 'lastUsedAt'
  | 'lastUsedIp'
  | 'createdAt'
  | 'isActive'
  | 'permissions'
  | 'expiresAt'
  | 'createdBy'
> & { creatorUsername: string | null; creatorName: string | null };

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
    permissions: permissionsOf({ key: null, permissions: row.permissions }),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    createdBy:
      row.createdBy && row.creatorUsername !== null
        ? { id: row.createdBy, username: row.creatorUsername, name: row.creatorName ?? '' }
        : null,
  };
}

function selectKeys(db: DB) {
  return db
    .selectFrom('apiKeys')
    .leftJoin('users', 'users.id', 'apiKeys.createdBy')
    .select(columns);
}

async function findApiKey(db: DB, id: string): Promise<ApiKey | undefined> {
  const row = await selectKeys(db).where('apiKeys.id', '=', id).executeTakeFirst();
  return row && toApiKey(row);
}

export async function insertApiKey(
  db: DB,
  input: {
    name: string;
    environment: ApiKeyEnvironment;
    key: GeneratedApiKey;
    permissions: Permission[];
    expiresInDays: number | null;
    createdBy: string;
  },
): Promise<ApiKey> {
  const { id } = await db
    .insertInto('apiKeys')
    .values({
      name: input.name,
      environment: input.environment,
      keyId: input.key.keyId,
      secretHash: input.key.secretHash,
      keyPrefix: input.key.keyPrefix,
      keyLastFour: input.key.keyLastFour,
      permissions: input.permissions,
      expiresAt:
        input.expiresInDays === null
          ? null
          : sql<Date>`now() + make_interval(days => ${input.expiresInDays})`,
      createdBy: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findApiKey(db, id))!;
}

/** Newest first. */
export async function listApiKeys(db: DB): Promise<ApiKey[]> {
  const rows = await selectKeys(db)
    .orderBy('apiKeys.createdAt', 'desc')
    .orderBy('apiKeys.id', 'desc')
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
    .returning('id')
    .executeTakeFirst();
  if (row) return findApiKey(db, row.id);
  const exists = await db
    .selectFrom('apiKeys')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return exists ? 'already_revoked' : undefined;
}

/**
 * A key as authentication needs it: active or not, its expiry, its scopes and its
 * creator's status and role (a key never does more than its creator could today).
 */
export async function findApiKeyForAuth(db: DB, keyId: string) {
  const row = await db
    .selectFrom('apiKeys')
    .leftJoin('users', 'users.id', 'apiKeys.createdBy')
    .leftJoin('roles', 'roles.id', 'users.roleId')
    .select([
      'apiKeys.id',
      'apiKeys.keyId',
      'apiKeys.environment',
      'apiKeys.secretHash',
      'apiKeys.isActive',
      'apiKeys.expiresAt',
      'apiKeys.permissions',
      'apiKeys.createdBy',
      'users.status as creatorStatus',
      'roles.key as creatorRoleKey',
      'roles.permissions as creatorRolePermissions',
    ])
    .where('apiKeys.keyId', '=', keyId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { creatorRoleKey, creatorRolePermissions, ...key } = row;
  const scopes = permissionsOf({ key: null, permissions: key.permissions }).filter((p) =>
    (API_KEY_PERMISSIONS as readonly Permission[]).includes(p),
  );
  // Keys made before scopes (migration 016) have no creator: their scopes alone.
  const creatorPermissions =
    key.createdBy === null
      ? undefined
      : new Set(
          permissionsOf({ key: creatorRoleKey ?? null, permissions: creatorRolePermissions ?? [] }),
        );
  return {
    ...key,
    creatorActive: key.createdBy === null || key.creatorStatus === 'active',
    permissions: creatorPermissions ? scopes.filter((p) => creatorPermissions.has(p)) : scopes,
  };
}

/** Records use and the calling address, at most once a minute per key (unless the address changed). */
export async function touchApiKey(db: DB, id: string, ip: string): Promise<void> {
  await db
    .updateTable('apiKeys')
    .set({ lastUsedAt: sql<Date>`now()`, lastUsedIp: ip })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('lastUsedAt', 'is', null),
        eb('lastUsedAt', '<', sql<Date>`now() - interval '1 minute'`),
        eb('lastUsedIp', 'is distinct from', ip),
      ]),
    )
    .execute();
}
