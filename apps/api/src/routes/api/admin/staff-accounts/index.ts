import {
  idParamsSchema,
  inviteStaffSchema,
  messageResponseSchema,
  ROLE_MESSAGES,
  STAFF_ACCOUNT_MESSAGES,
  staffAccountListSchema,
  staffAccountResponseSchema,
  staffSessionListSchema,
  staffSessionParamsSchema,
} from '@repo/validation';
import type { DB } from '@repo/db';
import type { FastifyRequest } from 'fastify';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import {
  countOtherActiveOwners,
  isActiveOwner,
  lockOwners,
  roleToGive,
} from '../../../../roles/roles-repository';
import { AppError, conflict, forbidden, notFound } from '../../../../errors';
import { issueAccountToken } from '../../../../auth/account-tokens';
import { emailDomain } from '../../../../auth/email-domain';
import { deletePendingUser, findUserByEmail } from '../../../../auth/users-repository';
import {
  accountStatus,
  changeAccountStatus,
  endAllSessions,
  endSession,
  findAccount,
  listAccounts,
  listSessions,
} from '../../../../staff-accounts/staff-accounts-repository';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';
import {
  assertMayActOn,
  lockTargetAccount,
  revokeOutgrownInvitations,
} from '../../../../staff-accounts/acting-on';
import accountTwoFactorRoutes from './two-factor';
import invitationRoutes from './invitations';

const INVITE_DOMAIN_MESSAGE =
  'Only addresses in the staff email domains (ADMIN_EMAIL_DOMAINS) can be invited.';
const EMAIL_REGISTERED_MESSAGE = 'That email is already registered';
const CANNOT_DISABLE_SELF_MESSAGE = 'You cannot disable your own account.';

const ACCOUNT_NOT_FOUND = 'Account not found';
const SESSION_NOT_FOUND = 'Session not found';

const accountParams = idParamsSchema(ACCOUNT_NOT_FOUND);
const sessionParams = staffSessionParamsSchema(ACCOUNT_NOT_FOUND, SESSION_NOT_FOUND);

/**
 * Every change to staff accounts and their sessions needs a signed-in session: a
 * key must not mint or revive staff accounts (as it cannot mint keys), nor end a
 * colleague's session. Told before the body is read.
 */
async function requireSession(request: FastifyRequest) {
  if (request.admin?.kind !== 'session') {
    throw new AppError(403, STAFF_ACCOUNT_MESSAGES.sessionRequired, 'session_required');
  }
}

/** The options every change shares: the permission, from a signed-in session. */
const changeOptions = {
  config: { permission: 'staff:manage' as const },
  preValidation: requireSession,
};

/** Why the account `id` could not move: 404 when it does not exist, else `refusal`. */
async function statusRefusal(
  db: DB,
  id: string,
  refusal: (status: 'pending' | 'active' | 'disabled') => AppError,
): Promise<AppError> {
  const status = await accountStatus(db, id);
  return status ? refusal(status) : notFound(ACCOUNT_NOT_FOUND);
}

/**
 * Staff accounts: list, sessions, disable/enable, invitations, deleting a pending
 * registration; every change needs a signed-in session. Disabling ends the
 * account's sessions. API keys belong to the installation, not to an account, so
 * disabling an account revokes no key: revoke keys separately if the person had
 * access to them.
 */
export default async function staffAccountRoutes(fastify: ApiInstance) {
  const { config, db, mailer, sessionLifetimes } = fastify;
  await fastify.register(accountTwoFactorRoutes);
  await fastify.register(invitationRoutes);

  const account = async (id: string) => {
    const found = await findAccount(db, sessionLifetimes, id);
    if (!found) throw notFound(ACCOUNT_NOT_FOUND);
    return found;
  };

  fastify.get(
    '/accounts',
    {
      config: { permission: 'staff:manage' },
      schema: {
        summary: 'List staff accounts',
        response: { 200: staffAccountListSchema, ...errorResponses(401) },
      },
    },
    async () => ({ accounts: await listAccounts(db, sessionLifetimes) }),
  );

  fastify.get(
    '/accounts/:id/sessions',
    {
      config: { permission: 'staff:manage' },
      schema: {
        summary: "List an account's sessions",
        params: accountParams,
        response: { 200: staffSessionListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await account(id);
      const current = request.admin?.kind === 'session' ? request.session.sessionId : undefined;
      return { sessions: await listSessions(db, sessionLifetimes, id, current) };
    },
  );

  fastify.delete(
    '/accounts/:id/sessions/:sessionId',
    {
      ...changeOptions,
      schema: {
        summary: "End one of an account's sessions",
        params: sessionParams,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id, sessionId } = request.params;
      await db.transaction().execute(async (trx) => {
        // Issue 31: only on an account whose role the actor's holds entirely.
        assertMayActOn(request, (await lockTargetAccount(trx, id)).permissions);
        if (!(await endSession(trx, id, sessionId))) throw notFound(SESSION_NOT_FOUND);
        await recordAudit(trx, auditActorOf(request), {
          action: 'session.end',
          targetType: 'user',
          targetId: id,
          details: { session: sessionId },
        });
      });
      return { message: 'Session ended' };
    },
  );

  fastify.post(
    '/accounts/:id/disable',
    {
      ...changeOptions,
      schema: {
        summary: 'Disable a staff account',
        params: accountParams,
        response: { 200: staffAccountResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (request.admin?.kind === 'session' && request.admin.user.id === id) {
        throw conflict(CANNOT_DISABLE_SELF_MESSAGE, 'cannot_disable_self');
      }
      await db.transaction().execute(async (trx) => {
        // At least one active Owner remains (issue 19).
        await lockOwners(trx);
        assertMayActOn(request, (await lockTargetAccount(trx, id)).permissions);
        if ((await isActiveOwner(trx, id)) && (await countOtherActiveOwners(trx, id)) === 0) {
          throw conflict(ROLE_MESSAGES.lastOwner, 'last_owner');
        }
        // Only an active account: a pending one is deleted instead (never disabled, then enabled).
        if (!(await changeAccountStatus(trx, id, 'active', 'disabled'))) {
          throw await statusRefusal(trx, id, () =>
            conflict(STAFF_ACCOUNT_MESSAGES.disableNotActive, 'account_not_active'),
          );
        }
        // Its sessions end now (requests also check the status, in case one slips through).
        const ended = await endAllSessions(trx, id);
        // Issue 31: its invitations do not outlive its access.
        const actor = auditActorOf(request);
        const revoked = await revokeOutgrownInvitations(trx, actor, id, null);
        await recordAudit(trx, actor, {
          action: 'account.disable',
          targetType: 'user',
          targetId: id,
          details: { sessionsEnded: ended, invitationsRevoked: revoked },
        });
      });
      return { account: await account(id) };
    },
  );

  fastify.post(
    '/accounts/:id/enable',
    {
      ...changeOptions,
      schema: {
        summary: 'Enable a staff account',
        params: accountParams,
        response: { 200: staffAccountResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await db.transaction().execute(async (trx) => {
        assertMayActOn(request, (await lockTargetAccount(trx, id)).permissions);
        // Only a disabled account, which was active (its address confirmed, or made by
        // the operator): enabling a pending one would skip the emailed link (issue 19).
        if (!(await changeAccountStatus(trx, id, 'disabled', 'active'))) {
          throw await statusRefusal(trx, id, (status) =>
            status === 'pending'
              ? conflict(STAFF_ACCOUNT_MESSAGES.enablePending, 'account_pending')
              : conflict(STAFF_ACCOUNT_MESSAGES.enableNotDisabled, 'account_not_disabled'),
          );
        }
        await recordAudit(trx, auditActorOf(request), {
          action: 'account.enable',
          targetType: 'user',
          targetId: id,
        });
      });
      return { account: await account(id) };
    },
  );

  fastify.post(
    '/accounts/invite',
    {
      ...changeOptions,
      schema: {
        operationId: 'adminAccountsInvite',
        summary: 'Invite a staff member',
        body: inviteStaffSchema,
        response: { 201: messageResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      if (request.admin?.kind !== 'session') {
        throw new AppError(403, STAFF_ACCOUNT_MESSAGES.sessionRequired, 'session_required');
      }
      const { email, roleId } = request.body;
      // The role the invitation gives (issue 19): Viewer unless chosen, never wider than the inviter's.
      const role = await roleToGive(db, request.admin.permissions, roleId);
      if (
        config.ADMIN_EMAIL_DOMAINS.length > 0 &&
        !config.ADMIN_EMAIL_DOMAINS.includes(emailDomain(email))
      ) {
        throw forbidden(INVITE_DOMAIN_MESSAGE, 'registration_closed');
      }
      const createdBy = request.admin.user.id;
      await db.transaction().execute(async (trx) => {
        const holder = await findUserByEmail(trx, email);
        if (holder && holder.status !== 'pending') {
          throw conflict(EMAIL_REGISTERED_MESSAGE, 'duplicate_user');
        }
        // A registration nobody confirmed (perhaps a stranger's) gives way to the
        // invitation: the pending account and its links are removed (issue 19).
        if (holder && (await deletePendingUser(trx, holder.id))) {
          await recordAudit(trx, auditActorOf(request), {
            action: 'account.replace_pending',
            targetType: 'user',
            targetId: holder.id,
            details: { by: 'invitation' },
          });
        }
        const { tokenId, mail } = await issueAccountToken(trx, config, {
          purpose: 'invite',
          email,
          createdBy,
          roleId: role.id,
        });
        await mailer.queue(trx, [mail]);
        await recordAudit(trx, auditActorOf(request), {
          action: 'account.invite',
          targetType: 'account_token',
          targetId: tokenId,
          details: { roleId: role.id, role: role.key ?? 'custom' },
        });
      });
      return reply.status(201).send({ message: `Invitation sent to ${email}.` });
    },
  );

  fastify.delete(
    '/accounts/:id',
    {
      ...changeOptions,
      schema: {
        summary: 'Delete a staff account',
        params: accountParams,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await db.transaction().execute(async (trx) => {
        // A pending account has a role too (Viewer, unless given another): the same rule.
        assertMayActOn(request, (await lockTargetAccount(trx, id)).permissions);
        // Only a pending account: one that was ever active is disabled, never deleted.
        if (!(await deletePendingUser(trx, id))) {
          throw await statusRefusal(trx, id, () =>
            conflict(STAFF_ACCOUNT_MESSAGES.deleteNotPending, 'account_not_pending'),
          );
        }
        await recordAudit(trx, auditActorOf(request), {
          action: 'account.delete_pending',
          targetType: 'user',
          targetId: id,
        });
      });
      return { message: STAFF_ACCOUNT_MESSAGES.pendingDeleted };
    },
  );
}
