import type { DB } from '@repo/db';
import type { SecondFactorMethod, TwoFactorPolicy } from '@repo/validation';
import { sql } from 'kysely';
import { hashRecoveryCode, matchingTotpStep, openTotpSecret } from './totp';

/*
 * Two-factor sign-in (issue 19): the authenticator app (user_totp), the recovery
 * codes (user_recovery_codes) and the policy (app_settings 'security.twoFactor').
 */

const POLICY_KEY = 'security.twoFactor';

export async function findTotp(db: DB, userId: string) {
  return db
    .selectFrom('userTotp')
    .select(['secretSealed', 'confirmedAt', 'lastUsedStep'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/**
 * Keeps a new secret waiting for its confirming code, replacing one that was never
 * confirmed. False when the account already has a confirmed app (nothing changes).
 */
export async function startTotpEnrolment(db: DB, userId: string, secretSealed: string) {
  const row = await db
    .insertInto('userTotp')
    .values({ userId, secretSealed })
    .onConflict((conflict) =>
      conflict
        .column('userId')
        .doUpdateSet({ secretSealed, lastUsedStep: null })
        .where('userTotp.confirmedAt', 'is', null),
    )
    .returning('userId')
    .executeTakeFirst();
  return row !== undefined;
}

/** The waiting secret becomes the account's app, its confirming code's step used. */
export async function confirmTotp(db: DB, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('userTotp')
    .set({ confirmedAt: sql<Date>`now()`, lastUsedStep: step })
    .where('userId', '=', userId)
    .where('confirmedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Accepts a code's time step once: only a step later than the last one accepted
 * (one statement, so two requests with the same code cannot both pass).
 */
async function useTotpStep(db: DB, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('userTotp')
    .set({ lastUsedStep: step })
    .where('userId', '=', userId)
    .where('confirmedAt', 'is not', null)
    .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteTotp(db: DB, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('userTotp').where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The account's recovery codes become these (hashes); the old ones stop working. */
export async function replaceRecoveryCodes(db: DB, userId: string, hashes: string[]) {
  await deleteRecoveryCodes(db, userId);
  if (hashes.length === 0) return;
  await db
    .insertInto('userRecoveryCodes')
    .values(hashes.map((codeHash) => ({ userId, codeHash })))
    .execute();
}

export async function deleteRecoveryCodes(db: DB, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('userRecoveryCodes')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Spends a recovery code: true once, for an unused code of this account. */
async function useRecoveryCode(db: DB, userId: string, codeHash: string) {
  const result = await db
    .updateTable('userRecoveryCodes')
    .set({ usedAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The second factors of an account: whether its app is confirmed, how many passkeys
 * it has, and the recovery codes left.
 */
export async function secondFactorState(db: DB, userId: string) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('userTotp')
            .select('userId')
            .where('userId', '=', userId)
            .where('confirmedAt', 'is not', null),
        )
        .as('totp'),
      eb
        .selectFrom('userRecoveryCodes')
        .select(eb.fn.countAll<string>().as('n'))
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .as('recoveryCodesLeft'),
      eb
        .selectFrom('passkeys')
        .select(eb.fn.countAll<string>().as('n'))
        .where('userId', '=', userId)
        .as('passkeys'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totp: Boolean(row.totp),
    recoveryCodesLeft: Number(row.recoveryCodesLeft ?? 0),
    passkeys: Number(row.passkeys ?? 0),
  };
}

/** How the account may give its second factor at sign-in; empty when it has none. */
export async function secondFactorMethods(db: DB, userId: string): Promise<SecondFactorMethod[]> {
  const state = await secondFactorState(db, userId);
  const methods: SecondFactorMethod[] = [];
  if (state.totp) methods.push('totp');
  if (state.passkeys > 0) methods.push('passkey');
  // Recovery codes stand in for a factor the account has, never for none.
  if (methods.length > 0 && state.recoveryCodesLeft > 0) methods.push('recovery');
  return methods;
}

/** The policy: nobody is required unless an Owner said so. */
export async function readTwoFactorPolicy(db: DB): Promise<TwoFactorPolicy> {
  const row = await db
    .selectFrom('appSettings')
    .select('value')
    .where('key', '=', POLICY_KEY)
    .executeTakeFirst();
  const value = (row?.value ?? {}) as Partial<TwoFactorPolicy>;
  return {
    requiredForAll: value.requiredForAll === true,
    requiredRoleIds: Array.isArray(value.requiredRoleIds)
      ? value.requiredRoleIds.filter((id): id is string => typeof id === 'string')
      : [],
  };
}

export async function writeTwoFactorPolicy(
  db: DB,
  policy: TwoFactorPolicy,
  updatedBy: string | null,
): Promise<void> {
  const value = JSON.stringify(policy);
  await db
    .insertInto('appSettings')
    .values({ key: POLICY_KEY, value, updatedBy })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ value, updatedBy, updatedAt: sql<Date>`now()` }),
    )
    .execute();
}

/** Whether the policy requires a second factor of an account with this role. */
function requiredFor(policy: TwoFactorPolicy, roleId: string): boolean {
  return policy.requiredForAll || policy.requiredRoleIds.includes(roleId);
}

/** The role of an account (every account has one). */
async function roleIdOf(db: DB, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('roleId')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.roleId;
}

/** Whether the policy requires a second factor of this account. */
export async function secondFactorRequired(
  db: DB,
  userId: string,
  roleId?: string,
): Promise<boolean> {
  const policy = await readTwoFactorPolicy(db);
  if (!policy.requiredForAll && policy.requiredRoleIds.length === 0) return false;
  const role = roleId ?? (await roleIdOf(db, userId));
  return role !== undefined && requiredFor(policy, role);
}

/** The policy requires a second factor of this account and it has none yet. */
export async function mustEnrolSecondFactor(
  db: DB,
  userId: string,
  roleId?: string,
): Promise<boolean> {
  if (!(await secondFactorRequired(db, userId, roleId))) return false;
  return (await secondFactorMethods(db, userId)).length === 0;
}

/** Removes every second factor of an account (a reset by staff); what was removed. */
export async function removeSecondFactors(db: DB, userId: string) {
  const totp = await deleteTotp(db, userId);
  const recoveryCodes = await deleteRecoveryCodes(db, userId);
  const passkeys = await db.deleteFrom('passkeys').where('userId', '=', userId).executeTakeFirst();
  return { totp, recoveryCodes, passkeys: Number(passkeys.numDeletedRows) };
}

/**
 * Whether `code` is right now for the account's confirmed app, and accepted: its
 * time step is used up, so the same code (or an older one) never works again.
 */
export async function acceptTotpCode(
  db: DB,
  key: Buffer,
  userId: string,
  code: string,
): Promise<boolean> {
  const totp = await findTotp(db, userId);
  if (!totp?.confirmedAt) return false;
  const step = matchingTotpStep(openTotpSecret(key, totp.secretSealed), code);
  return step !== undefined && (await useTotpStep(db, userId, step));
}

/** Spends one of the account's recovery codes, as typed (any case, spaces or dashes). */
export function acceptRecoveryCode(db: DB, userId: string, code: string): Promise<boolean> {
  return useRecoveryCode(db, userId, hashRecoveryCode(code));
}
