import type { InviteCodeCreate } from '@repo/validation';
import type { Database, DB } from '@repo/db';
import { type ExpressionBuilder, sql } from 'kysely';
import { newReferralCode } from '../waitlist/referrals';

type InviteCodeState = 'active' | 'disabled' | 'expired' | 'used_up';

/** The public site's address that redeems a code (the wizard reads ?invite=). */
export function inviteLink(siteUrl: string, code: string): string {
  const url = new URL('/beta', siteUrl);
  url.searchParams.set('invite', code);
  return url.toString();
}

export interface InviteCodeView {
  id: string;
  code: string;
  note: string | null;
  maxRedemptions: number;
  redemptions: number;
  expiresAt: string | null;
  disabledAt: string | null;
  createdAt: string;
  state: InviteCodeState;
}

const columns = [
  'id',
  'code',
  'note',
  'maxRedemptions',
  'redemptions',
  'expiresAt',
  'disabledAt',
  'createdAt',
] as const;

interface InviteCodeRow {
  id: string;
  code: string;
  note: string | null;
  maxRedemptions: number;
  redemptions: number;
  expiresAt: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
}

function stateOf(row: InviteCodeRow, now: Date): InviteCodeState {
  if (row.disabledAt) return 'disabled';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  if (row.redemptions >= row.maxRedemptions) return 'used_up';
  return 'active';
}

function toView(row: InviteCodeRow, now = new Date()): InviteCodeView {
  return {
    ...row,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    state: stateOf(row, now),
  };
}

function isCodeClash(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'invite_codes_code_key';
}

/**
 * Creates a code: the given text, or a random one (drawn again on the rare
 * clash). Undefined when the given text is taken (in any case).
 */
export async function createInviteCode(
  db: DB,
  input: InviteCodeCreate,
  createdBy: string | null,
): Promise<InviteCodeView | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const row = await db
        .insertInto('inviteCodes')
        .values({
          code: input.code ?? newReferralCode(),
          note: input.note ?? null,
          maxRedemptions: input.maxRedemptions,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          createdBy,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toView(row);
    } catch (error) {
      if (!isCodeClash(error)) throw error;
      if (input.code || attempt >= 3) return undefined;
    }
  }
}

/** Every code, newest first (a console list: codes are made by hand, they stay few). */
export async function listInviteCodes(db: DB): Promise<InviteCodeView[]> {
  const rows = await db
    .selectFrom('inviteCodes')
    .select(columns)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
  const now = new Date();
  return rows.map((row) => toView(row, now));
}

export async function setInviteCodeDisabled(
  db: DB,
  id: string,
  disabled: boolean,
): Promise<InviteCodeView | undefined> {
  const row = await db
    .updateTable('inviteCodes')
    .set({ disabledAt: disabled ? sql<Date>`coalesce(disabled_at, now())` : null })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
  return row ? toView(row) : undefined;
}

export async function listRedemptions(db: DB, inviteCodeId: string) {
  const rows = await db
    .selectFrom('inviteCodeRedemptions as r')
    .leftJoin('waitlistEntries as w', 'w.id', 'r.waitlistEntryId')
    .select([
      'r.id',
      'r.outcome',
      'r.createdAt',
      'r.waitlistEntryId',
      'w.email',
      sql<string | null>`w.first_name || ' ' || w.last_name`.as('name'),
    ])
    .where('r.inviteCodeId', '=', inviteCodeId)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(1000)
    .execute();
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** A code that can be used now: enabled, not expired, and with a use left. */
function usableNow(eb: ExpressionBuilder<Database, 'inviteCodes'>) {
  return eb.and([
    eb('disabledAt', 'is', null),
    eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]),
    eb('redemptions', '<', eb.ref('maxRedemptions')),
  ]);
}

/**
 * The id of the code `code` names (in any case) when it can be used now;
 * undefined for an unknown, disabled, expired or used-up one alike.
 */
export async function findUsableInviteCodeId(db: DB, code: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('inviteCodes')
    .select('id')
    .where(sql<boolean>`lower(code) = lower(${code})`)
    .where(usableNow)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Takes one use of a code, atomically: the conditional update holds the row,
 * so a single-use code redeemed twice at once is taken once. False when the
 * code cannot be used (disabled, expired or used up by now).
 */
export async function claimInviteCode(db: DB, id: string): Promise<boolean> {
  const claimed = await db
    .updateTable('inviteCodes')
    .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
    .where('id', '=', id)
    .where(usableNow)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Whether this entry already redeemed this code (a code helps a person once). */
export async function hasRedeemed(db: DB, inviteCodeId: string, entryId: string): Promise<boolean> {
  const row = await db
    .selectFrom('inviteCodeRedemptions')
    .select('id')
    .where('inviteCodeId', '=', inviteCodeId)
    .where('waitlistEntryId', '=', entryId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordRedemption(
  db: DB,
  redemption: { inviteCodeId: string; waitlistEntryId: string; outcome: 'approved' | 'queued' },
): Promise<void> {
  await db.insertInto('inviteCodeRedemptions').values(redemption).execute();
}

export async function inviteCodeExists(db: DB, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('inviteCodes')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
