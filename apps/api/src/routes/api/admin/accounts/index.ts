import { inviteStaffSchema } from '@repo/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import {
  AppError,
  conflict,
  forbidden,
  idOrNotFound,
  notFound,
  parseWith,
} from '../../../../errors';
import { issueAccountToken } from '../../auth/account-tokens';
import { emailDomain } from '../../auth';
import {
  endAllSessions,
  endSession,
  findAccount,
  listAccounts,
  listSessions,
  setAccountStatus,
} from './accounts-repository';

export const INVITE_DOMAIN_MESSAGE =
  'Only addresses in the staff email domains (ADMIN_EMAIL_DOMAINS) can be invited.';
export const EMAIL_REGISTERED_MESSAGE = 'That email is already registered';
export const CANNOT_DISABLE_SELF_MESSAGE = 'You cannot disable your own account.';
export const INVITE_SESSION_MESSAGE = 'Inviting staff needs a signed-in session.';

const ACCOUNT_NOT_FOUND = 'Account not found';
const SESSION_NOT_FOUND = 'Session not found';

type AccountParams = { Params: { id: string } };
type SessionParams = { Params: { id: string; sessionId: string } };

/**
 * Staff accounts: list, sessions, disable/enable, invitations. Disabling ends the
 * account's sessions. API keys belong to the installation, not to an account, so
 * disabling an account revokes no key: revoke keys separately if the person had
 * access to them.
 */
export default async function accountRoutes(fastify: FastifyInstance) {
  const { config, db, mailer, sessionLifetimes } = fastify;

  const account = async (id: string) => {
    const found = await findAccount(db, sessionLifetimes, id);
    if (!found) throw notFound(ACCOUNT_NOT_FOUND);
    return found;
  };

  fastify.get('/accounts', async () => ({ accounts: await listAccounts(db, sessionLifetimes) }));

  fastify.get<AccountParams>('/accounts/:id/sessions', async (request) => {
    const id = idOrNotFound(request.params.id, ACCOUNT_NOT_FOUND);
    await account(id);
    const current = request.admin?.kind === 'session' ? request.session.sessionId : undefined;
    return { sessions: await listSessions(db, sessionLifetimes, id, current) };
  });

  fastify.delete<SessionParams>('/accounts/:id/sessions/:sessionId', async (request) => {
    const id = idOrNotFound(request.params.id, ACCOUNT_NOT_FOUND);
    const sessionId = request.params.sessionId;
    if (!/^[0-9a-f]{16}$/.test(sessionId)) throw notFound(SESSION_NOT_FOUND);
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
  });

  fastify.post<AccountParams>('/accounts/:id/disable', async (request) => {
    const id = idOrNotFound(request.params.id, ACCOUNT_NOT_FOUND);
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
  });

  fastify.post<AccountParams>('/accounts/:id/enable', async (request) => {
    const id = idOrNotFound(request.params.id, ACCOUNT_NOT_FOUND);
    await db.transaction().execute(async (trx) => {
      if (!(await setAccountStatus(trx, id, 'active'))) throw notFound(ACCOUNT_NOT_FOUND);
      await recordAudit(trx, auditActorOf(request), {
        action: 'account.enable',
        targetType: 'user',
        targetId: id,
      });
    });
    return { account: await account(id) };
  });

  fastify.post('/accounts/invite', async (request: FastifyRequest, reply) => {
    // A key must not mint staff accounts (as it cannot mint keys).
    if (request.admin?.kind !== 'session') {
      throw new AppError(403, INVITE_SESSION_MESSAGE, 'session_required');
    }
    const { email } = parseWith(inviteStaffSchema, request.body);
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
  });
}
