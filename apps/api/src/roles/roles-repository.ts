import type { DB } from '@repo/db';
import {
  BUILT_IN_ROLES,
  type BuiltInRoleKey,
  PERMISSIONS,
  type Permission,
  ROLE_MESSAGES,
} from '@repo/validation';
import { sql } from 'kysely';
import { AppError } from '../errors';

/*
 * Roles (issue 19). The built-in ones are rows too, so every account references
 * one table, but their permissions come from BUILT_IN_ROLES (the one list), never
 * from the row; a custom role's are in its `permissions` column.
 */

export interface RoleRef {
  id: string;
  key: BuiltInRoleKey | null;
  name: string;
}

export interface RoleRecord extends RoleRef {
  description: string;
  permissions: Permission[];
  builtIn: boolean;
  accounts: number;
}

const KNOWN = new Set<string>(PERMISSIONS);

/** What a role allows: the code's list for a built-in role, the row's for a custom one. */
export function permissionsOf(role: {
  key: BuiltInRoleKey | null;
  permissions: string[];
}): Permission[] {
  if (role.key) return [...BUILT_IN_ROLES[role.key].permissions];
  // A permission renamed or dropped from the code since the row was written grants nothing.
  return role.permissions.filter((p): p is Permission => KNOWN.has(p));
}

/** A built-in role's name and description are the code's too. */
function describe(row: { key: BuiltInRoleKey | null; name: string; description: string }): {
  name: string;
  description: string;
} {
  return row.key ? BUILT_IN_ROLES[row.key] : row;
}

/** How an account's role is shown: a built-in role by the code's name. */
export function roleRefOf(row: RoleRef): RoleRef {
  return { id: row.id, key: row.key, name: row.key ? BUILT_IN_ROLES[row.key].name : row.name };
}

/** The role of an account and what it allows, read fresh (a change applies on the next request). */
export async function findAccountAccess(
  db: DB,
  userId: string,
): Promise<{ role: RoleRef; permissions: Permission[] } | undefined> {
  const row = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select(['roles.id', 'roles.key', 'roles.name', 'roles.permissions'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    role: roleRefOf(row),
    permissions: permissionsOf(row),
  };
}

async function findRoleIdByKey(db: DB, key: BuiltInRoleKey): Promise<string> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.id;
}

const roleColumns = ['id', 'key', 'name', 'description', 'permissions'] as const;

function baseRoles(db: DB) {
  return db
    .selectFrom('roles')
    .select(roleColumns)
    .select((eb) =>
      eb
        .selectFrom('users')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('users.roleId', '=', 'roles.id')
        .as('accounts'),
    );
}

type RoleRow = {
  id: string;
  key: BuiltInRoleKey | null;
  name: string;
  description: string;
  permissions: string[];
  accounts: string | number | null;
};

function toRecord(row: RoleRow): RoleRecord {
  return {
    id: row.id,
    key: row.key,
    ...describe(row),
    permissions: permissionsOf(row),
    builtIn: row.key !== null,
    accounts: Number(row.accounts ?? 0),
  };
}

const BUILT_IN_ORDER = sql<number>`array_position(array['owner', 'admin', 'support', 'viewer'], key)`;

/** The built-in roles first (most to least), then the custom ones by name. */
export async function listRoles(db: DB): Promise<RoleRecord[]> {
  const rows = await baseRoles(db)
    .orderBy(sql`${BUILT_IN_ORDER} nulls last`)
    .orderBy(sql`lower(name)`)
    .execute();
  return rows.map(toRecord);
}

export async function findRole(db: DB, id: string): Promise<RoleRecord | undefined> {
  const row = await baseRoles(db).where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function roleNameTaken(db: DB, name: string, exceptId?: string): Promise<boolean> {
  let query = db
    .selectFrom('roles')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRole(
  db: DB,
  input: { name: string; description: string; permissions: Permission[]; createdBy: string | null },
): Promise<RoleRecord> {
  const { id } = await db
    .insertInto('roles')
    .values({
      name: input.name,
      description: input.description,
      permissions: input.permissions,
      createdBy: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findRole(db, id))!;
}

/** Updates a custom role; undefined when it does not exist or is built in. */
export async function updateCustomRole(
  db: DB,
  id: string,
  input: { name: string; description: string; permissions: Permission[] },
): Promise<RoleRecord | undefined> {
  const row = await db
    .updateTable('roles')
    .set({ ...input, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('key', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row && findRole(db, row.id);
}

export async function deleteCustomRole(db: DB, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('roles')
    .where('id', '=', id)
    .where('key', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Takes the lock every change of who is an active Owner takes (a role change, a
 * disable), so two changes cannot each see another Owner and leave none.
 */
export async function lockOwners(db: DB): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('wordloom:owners'))`.execute(db);
}

/** Active Owners other than `exceptUserId`. */
export async function countOtherActiveOwners(db: DB, exceptUserId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('roles.key', '=', 'owner')
    .where('users.status', '=', 'active')
    .where('users.id', '!=', exceptUserId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether `userId` is an active Owner now. */
export async function isActiveOwner(db: DB, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select('users.id')
    .where('roles.key', '=', 'owner')
    .where('users.status', '=', 'active')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setAccountRole(db: DB, userId: string, roleId: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ roleId })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The ids of the accounts holding the role `roleId`. */
export async function accountIdsWithRole(db: DB, roleId: string): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('roleId', '=', roleId).execute();
  return rows.map((row) => row.id);
}

/** An account with its role and permissions, as the signed-in answers show it. */
export async function withAccess<U extends { id: string }>(
  db: DB,
  user: U,
): Promise<U & { role: RoleRef; permissions: Permission[] }> {
  const access = await findAccountAccess(db, user.id);
  if (!access) throw new Error(`account ${user.id} has no role`);
  return { ...user, ...access };
}

/**
 * The role an invitation gives: `roleId` (400 on the field when unknown), Viewer
 * when none is chosen; 403 when it holds a permission the inviter's role lacks.
 */
export async function roleToGive(
  db: DB,
  inviterPermissions: ReadonlySet<Permission>,
  roleId: string | undefined,
): Promise<RoleRecord> {
  const id = roleId ?? (await findRoleIdByKey(db, 'viewer'));
  const role = UUID.test(id) ? await findRole(db, id) : undefined;
  if (!role) {
    throw new AppError(400, ROLE_MESSAGES.roleNotFound, 'validation_error', [
      { path: 'roleId', message: ROLE_MESSAGES.roleNotFound },
    ]);
  }
  const missing = role.permissions.find((p) => !inviterPermissions.has(p));
  if (missing) throw new AppError(403, ROLE_MESSAGES.cannotGrant(missing), 'cannot_grant');
  return role;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether every id names a role (an empty list does). */
export async function allRolesExist(db: DB, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const found = await db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
  return found.length === new Set(ids).size;
}
