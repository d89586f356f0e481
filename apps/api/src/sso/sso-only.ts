import type { DB } from '@repo/db';
import { SSO_MESSAGES, type SsoSettings } from '@repo/validation';
import { BRAND } from '@repo/email-templates';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { recordAudit, staffActor } from '../audit/audit-log';
import { AppError } from '../errors';
import type { RenderedEmail } from '../email-outbox/outbox-repository';
import type { PublicUser } from '../auth/users-repository';

/*
 * "SSO only" (issue 35): an Owner can require single sign-on of every account.
 * Then a password, a TOTP or recovery code and a passkey sign in nobody but the
 * break-glass Owners named in the setting (for the day the provider is down);
 * each such sign-in is audited and mailed to the other Owners.
 */

const SETTING_KEY = 'security.sso';

/** The setting: off, with no break-glass accounts, unless an Owner said otherwise. */
export async function readSsoSettings(db: DB): Promise<SsoSettings> {
  const row = await db
    .selectFrom('appSettings')
    .select('value')
    .where('key', '=', SETTING_KEY)
    .executeTakeFirst();
  const value = (row?.value ?? {}) as Partial<SsoSettings>;
  return {
    ssoOnly: value.ssoOnly === true,
    breakGlassUserIds: Array.isArray(value.breakGlassUserIds)
      ? value.breakGlassUserIds.filter((id): id is string => typeof id === 'string')
      : [],
  };
}

export async function writeSsoSettings(
  db: DB,
  settings: SsoSettings,
  updatedBy: string | null,
): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insertInto('appSettings')
    .values({ key: SETTING_KEY, value, updatedBy })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ value, updatedBy, updatedAt: sql<Date>`now()` }),
    )
    .execute();
}

/** Active Owners among `ids` (all of them must be, to be named break-glass). */
export async function activeOwnerIds(db: DB, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select('users.id')
    .where('roles.key', '=', 'owner')
    .where('users.status', '=', 'active')
    .where('users.id', 'in', ids)
    .execute();
  return rows.map((row) => row.id);
}

const ssoRequired = () => new AppError(403, SSO_MESSAGES.ssoRequired, 'sso_required');

/**
 * Before a sign-in with a password, a second factor or a passkey: refuses it
 * (403 sso_required) while SSO only is on, unless `userId` is a break-glass
 * account that is still an active Owner. Answers whether this is a break-glass
 * sign-in (then call recordBreakGlassSignIn when it succeeds).
 */
export async function assertLocalSignInAllowed(db: DB, userId: string): Promise<boolean> {
  const settings = await readSsoSettings(db);
  if (!settings.ssoOnly) return false;
  if (!settings.breakGlassUserIds.includes(userId)) throw ssoRequired();
  if ((await activeOwnerIds(db, [userId])).length === 0) throw ssoRequired();
  return true;
}

function breakGlassMail(config: Config, to: string, who: PublicUser, ip: string): RenderedEmail {
  const subject = `${BRAND.productName} console: break-glass sign-in by ${who.username}`;
  const paragraphs = [
    `The console requires single sign-on, and ${who.username} just signed in without it, as a break-glass Owner account, from the address ${ip}.`,
    'If this was expected (the identity provider is down, say), nothing needs doing. If not, end that account’s sessions and change its password from the Staff tab at once.',
  ];
  const staffUrl = `${config.ADMIN_URL.replace(/\/+$/, '')}/admin/staff`;
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    stream: 'outbound',
    templateId: 'account-notice',
    to,
    subject,
    htmlBody: `<!DOCTYPE html><html><body>${paragraphs
      .map((paragraph) => `<p>${escape(paragraph)}</p>`)
      .join('')}<p><a href="${encodeURI(staffUrl)}">Open the Staff tab</a></p></body></html>`,
    textBody: [...paragraphs, `Staff tab: ${staffUrl}`].join('\n\n'),
    headers: [],
  };
}

/** A break-glass sign-in succeeded: audited, and mailed to every other active Owner. */
export async function recordBreakGlassSignIn(
  request: FastifyRequest,
  user: PublicUser,
  method: 'password' | 'totp' | 'recovery' | 'passkey',
): Promise<void> {
  const { db, config, mailer } = request.server;
  const owners = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select('users.email')
    .where('roles.key', '=', 'owner')
    .where('users.status', '=', 'active')
    .where('users.id', '!=', user.id)
    .execute();
  await db.transaction().execute(async (trx) => {
    await recordAudit(trx, staffActor(user, request.ip), {
      action: 'account.break_glass_sign_in',
      targetType: 'user',
      targetId: user.id,
      details: { method, ownersNotified: owners.length },
    });
    if (owners.length > 0) {
      await mailer.queue(
        trx,
        owners.map((owner) => breakGlassMail(config, owner.email, user, request.ip)),
      );
    }
  });
}
