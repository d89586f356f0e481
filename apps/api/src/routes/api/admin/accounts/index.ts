import { inviteStaffSchema } from '@repo/validation';
import {
  idParamsSchema,
  messageResponseSchema,
  staffAccountListSchema,
  staffAccountResponseSchema,
  staffSessionListSchema,
  staffSessionParamsSchema,
} from '@repo/validation/responses';
import type { FastifyRequest } from 'fastify';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { AppError, conflict, forbidden, notFound } from '../../../../errors';
import { issueAccountToken } from '../../../../auth/account-tokens';
import { emailDomain } from '../../../../auth/email-domain';
import {
  endAllSessions,
  endSession,
  findAccount,
  listAccounts,
  listSessions,
  setAccountStatus,
} from './accounts-repository';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

const INVITE_DOMAIN_MESSAGE =
  'Only addresses in the staff email domains (ADMIN_EMAIL_DOMAINS) can be invited.';
const EMAIL_REGISTERED_MESSAGE = 'That email is already registered';
const CANNOT_DISABLE_SELF_MESSAGE = 'You cannot disable your own account.';
const INVITE_SESSION_MESSAGE = 'Inviting staff needs a signed-in session.';

const ACCOUNT_NOT_FOUND = 'Account not found';
const SESSION_NOT_FOUND = 'Session not found';

const accountParams = idParamsSchema(ACCOUNT_NOT_FOUND);
const sessionParams = staffSessionParamsSchema(ACCOUNT_NOT_FOUND, SESSION_NOT_FOUND);

/** A key must not mint staff accounts (as it cannot mint keys); told before the body is read. */
async function requireSession(request: FastifyRequest) {
  if (request.admin?.kind !== 'session') {
    throw new AppError(403, INVITE_SESSION_MESSAGE, 'session_required');
  }
}

/**
 * Staff accounts: list, sessions, disable/enable, invitations. Disabling ends the
 * account's sessions. API keys belong to the installation, not to an account, so
 * disabling an account revokes no key: revoke keys separately if the person had
 * access to them.
 */
export default async function accountRoutes(fastify: ApiInstance) {
  const { config, db, mailer, sessionLifetimes } = fastify;

  const account = async (id: string) => {
    const found = await findAccount(db, sessionLifetimes, id);
    if (!found) throw notFound(ACCOUNT_NOT_FOUND);
    return found;
  };

  fastify.get(
    '/accounts',
    {
      config: { permission: 'staff:manage' },
      schema: { response: { 200: staffAccountListSchema, ...errorResponses(401) } },
    },
    async () => ({ accounts: await listAccounts(db, sessionLifetimes) }),
  );

  fastify.get(
    '/accounts/:id/sessions',
    {
      config: { permission: 'staff:manage' },
      schema: {
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
      config: { permission: 'staff:manage' },
      schema: {
        params: sessionParams,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id, sessionId } = request.params;
      await db.transaction().execute(async (trx) => {
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
      config: { permission: 'staff:manage' },
      schema: {
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
        if (!(await setAccountStatus(trx, id, 'disabled'))) throw notFound(ACCOUNT_NOT_FOUND);
        // Its sessions end now (requests also check the status, in case one slips through).
        const ended = await endAllSessions(trx, id);
        await recordAudit(trx, auditActorOf(request), {
          action: 'account.disable',
          targetType: 'user',
          targetId: id,
          details: { sessionsEnded: ended },
        });
      });
      return { account: await account(id) };
    },
  );

  fastify.post(
    '/accounts/:id/enable',
    {
      config: { permission: 'staff:manage' },
      schema: {
        params: accountParams,
        response: { 200: staffAccountResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await db.transaction().execute(async (trx) => {
        if (!(await setAccountStatus(trx, id, 'active'))) throw notFound(ACCOUNT_NOT_FOUND);
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
      config: { permission: 'staff:manage' },
      preValidation: requireSession,
      schema: {
        body: inviteStaffSchema,
        response: { 201: messageResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      if (request.admin?.kind !== 'session')
        throw new AppError(403, INVITE_SESSION_MESSAGE, 'session_required');
      const { email } = request.body;
      if (
        config.ADMIN_EMAIL_DOMAINS.length > 0 &&
        !config.ADMIN_EMAIL_DOMAINS.includes(emailDomain(email))
      ) {
        throw forbidden(INVITE_DOMAIN_MESSAGE, 'registration_closed');
      }
      const createdBy = request.admin.user.id;
      await db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
          .executeTakeFirst();
        if (taken) throw conflict(EMAIL_REGISTERED_MESSAGE, 'duplicate_user');
        const { tokenId, mail } = await issueAccountToken(trx, config, {
          purpose: 'invite',
          email,
          createdBy,
        });
        await mailer.queue(trx, [mail]);
        await recordAudit(trx, auditActorOf(request), {
          action: 'account.invite',
          targetType: 'account_token',
          targetId: tokenId,
        });
      });
      return reply.status(201).send({ message: `Invitation sent to ${email}.` });
    },
  );
}
