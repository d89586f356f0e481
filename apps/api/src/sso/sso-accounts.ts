import type { DB } from '@repo/db';
import { sql } from 'kysely';
import type { Config } from '../config';
import { type AuditActor, recordAudit, staffActor } from '../audit/audit-log';
import { emailDomain } from '../auth/email-domain';
import { findUserByEmail, lockRegistrations, type PublicUser } from '../auth/users-repository';
import {
  countOtherActiveOwners,
  findAccountAccess,
  findRole,
  isActiveOwner,
  lockOwners,
  setAccountRole,
} from '../roles/roles-repository';
import { revokeOutgrownInvitations } from '../staff-accounts/acting-on';
import { inviterStillVouches } from '../staff-accounts/invitations-repository';
import { type OidcIdentity, SsoRefusal } from './oidc-client';

/*
 * Who a provider sign-in opens (issue 35). The address must be verified by the
 * provider and at a domain in ADMIN_EMAIL_DOMAINS. An account already linked to
 * the provider's person (issuer + subject) is that person's, whatever address the
 * provider sends now. Otherwise the account holding the verified address is
 * linked (never by a name), unless it is linked to another person; an open
 * invitation for the address makes the account it promised; OIDC_JIT_ACCOUNTS
 * makes a Viewer. Anything else is refused.
 */

const publicColumns = ['id', 'username', 'email', 'name', 'status'] as const;

function findLinkedUser(db: DB, issuer: string, subject: string) {
  return db
    .selectFrom('users')
    .select([...publicColumns, 'oidcSubject'])
    .where('oidcIssuer', '=', issuer)
    .where('oidcSubject', '=', subject)
    .executeTakeFirst();
}

function linkedIdentityOf(db: DB, userId: string) {
  return db
    .selectFrom('users')
    .select(['oidcIssuer', 'oidcSubject'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** An open invitation for `email` still vouched for by its inviter, locked for use. */
async function openInvitationFor(trx: DB, email: string) {
  const rows = await trx
    .selectFrom('accountTokens')
    .select(['id', 'roleId', 'createdBy'])
    .where('purpose', '=', 'invite')
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .orderBy('createdAt', 'desc')
    .forUpdate()
    .execute();
  for (const row of rows) if (await inviterStillVouches(trx, row)) return row;
  return undefined;
}

/** A free username from the address's local part (usernames are unique, case-insensitively). */
async function freeUsername(trx: DB, email: string): Promise<string> {
  const local = (email.split('@')[0] ?? '').replace(/[^a-zA-Z0-9._-]/g, '').slice(0, 40);
  // Usernames are at least two characters.
  const base = local.length >= 2 ? local : `staff-${local}`;
  for (let suffix = 0; ; suffix += 1) {
    const candidate = suffix === 0 ? base : `${base}${suffix + 1}`;
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', candidate.toLowerCase())
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

async function viewerRoleId(trx: DB): Promise<string> {
  const row = await trx
    .selectFrom('roles')
    .select('id')
    .where('key', '=', 'viewer')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The account this provider sign-in opens, linked and with its role mapped, in
 * one transaction; throws SsoRefusal when nobody may come in.
 */
export async function accountForIdentity(
  db: DB,
  config: Config,
  identity: OidcIdentity,
  ip: string,
): Promise<PublicUser> {
  if (!identity.email || !identity.emailVerified) throw new SsoRefusal('unverified_email');
  const email = identity.email;
  if (!config.ADMIN_EMAIL_DOMAINS.includes(emailDomain(email))) {
    throw new SsoRefusal('foreign_domain');
  }
  return db.transaction().execute(async (trx) => {
    await lockRegistrations(trx);
    const user = await linkOrCreate(trx, config, identity, email, ip);
    if (user.status !== 'active') throw new SsoRefusal('account_inactive');
    await applyRoleMapping(trx, config, user, identity);
    return user;
  });
}

async function linkOrCreate(
  trx: DB,
  config: Config,
  identity: OidcIdentity,
  email: string,
  ip: string,
): Promise<PublicUser> {
  const linked = await findLinkedUser(trx, identity.issuer, identity.subject);
  if (linked) {
    const { oidcSubject: _subject, ...user } = linked;
    return user;
  }
  const holder = await findUserByEmail(trx, email);
  if (holder && holder.status !== 'pending') {
    const current = await linkedIdentityOf(trx, holder.id);
    // Linked to another person at the provider: the address alone does not hand it over.
    if (current.oidcSubject !== null) throw new SsoRefusal('linked_elsewhere');
    await trx
      .updateTable('users')
      .set({
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
        emailVerifiedAt: sql<Date>`coalesce(email_verified_at, now())`,
      })
      .where('id', '=', holder.id)
      .execute();
    await recordAudit(trx, staffActor(holder, ip), {
      action: 'account.sso_link',
      targetType: 'user',
      targetId: holder.id,
      details: { issuer: identity.issuer },
    });
    return holder;
  }
  const invitation = await openInvitationFor(trx, email);
  if (!invitation && !config.OIDC_JIT_ACCOUNTS) throw new SsoRefusal('no_account');
  // A registration nobody confirmed gives way to the person the provider vouches for.
  if (holder) await trx.deleteFrom('users').where('id', '=', holder.id).execute();
  const created = await trx
    .insertInto('users')
    .values({
      username: await freeUsername(trx, email),
      email,
      name: (identity.name ?? email.split('@')[0] ?? email).slice(0, 100),
      passwordHash: null,
      status: 'active',
      emailVerifiedAt: new Date(),
      roleId: invitation?.roleId ?? (await viewerRoleId(trx)),
      oidcIssuer: identity.issuer,
      oidcSubject: identity.subject,
    })
    .returning(publicColumns)
    .executeTakeFirstOrThrow();
  if (invitation) {
    await trx
      .updateTable('accountTokens')
      .set({ usedAt: sql<Date>`now()` })
      .where('id', '=', invitation.id)
      .execute();
  }
  await recordAudit(trx, staffActor(created, ip), {
    action: 'account.sso_create',
    targetType: 'user',
    targetId: created.id,
    details: { issuer: identity.issuer, invitation: invitation?.id ?? null },
  });
  return created;
}

/** The groups the provider names in OIDC_ROLE_CLAIM (a list, or one string). */
function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

/** The role OIDC_ROLE_MAPPING names for these groups: the first pair that matches wins. */
async function mappedRole(trx: DB, config: Config, groups: string[]) {
  const pair = config.OIDC_ROLE_MAPPING.find((entry) => groups.includes(entry.group));
  if (!pair) return undefined;
  // A built-in role by its key (owner, admin, …), a custom one by its name.
  const row = await trx
    .selectFrom('roles')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('key', '=', pair.role as never),
        eb(sql`lower(name)`, '=', pair.role.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  return row ? await findRole(trx, row.id) : undefined;
}

/**
 * Applies OIDC_ROLE_MAPPING at every sign-in. Without a mapping, or when none of
 * the person's groups is mapped, the account keeps the role given in the console.
 * The last active Owner is never demoted: the role is kept and that is audited.
 */
async function applyRoleMapping(
  trx: DB,
  config: Config,
  user: PublicUser,
  identity: OidcIdentity,
): Promise<void> {
  if (config.OIDC_ROLE_MAPPING.length === 0) return;
  const role = await mappedRole(trx, config, groupsOf(identity.claims, config.OIDC_ROLE_CLAIM));
  if (!role) return;
  await lockOwners(trx);
  const current = await findAccountAccess(trx, user.id);
  if (!current || current.role.id === role.id) return;
  const actor: AuditActor = { kind: 'system', label: 'single sign-on', ip: null };
  const details = { from: current.role.key ?? 'custom', fromRoleId: current.role.id };
  if (
    role.key !== 'owner' &&
    (await isActiveOwner(trx, user.id)) &&
    (await countOtherActiveOwners(trx, user.id)) === 0
  ) {
    await recordAudit(trx, actor, {
      action: 'account.sso_role_kept',
      targetType: 'user',
      targetId: user.id,
      details: { ...details, wanted: role.key ?? 'custom', reason: 'last_owner' },
    });
    return;
  }
  await setAccountRole(trx, user.id, role.id);
  const revoked = await revokeOutgrownInvitations(trx, actor, user.id, role.permissions);
  await recordAudit(trx, actor, {
    action: 'account.sso_role',
    targetType: 'user',
    targetId: user.id,
    details: { ...details, to: role.key ?? 'custom', roleId: role.id, invitationsRevoked: revoked },
  });
}
