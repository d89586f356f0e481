import {
  accountLinkTokenBodySchema,
  accountLinkTokenQuerySchema,
  loginSchema,
  objectOrEmpty,
  setupTokenField,
} from '@repo/validation';
import {
  inviteDetailsSchema,
  messageResponseSchema,
  publicUserSchema,
  registerResponseSchema,
  setupStatusSchema,
} from '@repo/validation/responses';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type AuditActor,
  publicActor,
  recordAudit,
  staffActor,
} from '../../../audit/audit-log';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../../errors';
import { allowedOrigins, assertAllowedOrigin } from '../../../plugins/app/admin-auth';
import { sessionUser } from '../../../plugins/app/authentication';
import { perMinute } from '../../../plugins/external/rate-limit';
import { type ApiInstance, errorResponses } from '../../../route-schemas';
import {
  consumeAccountToken,
  findValidAccountToken,
  INVALID_TOKEN_MESSAGE,
  issueAccountToken,
  tokenOf,
} from '../../../auth/account-tokens';
import { commonPasswords } from '../../../auth/common-passwords';
import { emailDomain } from '../../../auth/email-domain';
import {
  accountKey,
  addressKey,
  isTrustedAddress,
  lockedForSeconds,
  recordFailure,
  recordSuccess,
  throttledMessage,
} from '../../../auth/login-throttle';
import { hashPassword, needsRehash, timingDummyHash, verifyPassword } from '../../../auth/password';
import { serverAcceptInviteSchema, serverRegisterSchema } from '../../../auth/password-policy';
import {
  generateSetupToken,
  SETUP_TOKEN_REQUIRED_MESSAGE,
  setupTokenMatches,
} from '../../../auth/setup-token';
import {
  countUsers,
  findUserForLogin,
  insertUser,
  lockRegistrations,
  type PublicUser,
  updatePasswordHash,
  usernameOrEmailTaken,
} from '../../../auth/users-repository';

export const REGISTRATION_CLOSED_MESSAGE =
  'Registration is closed: only staff with an approved company email address can create an account. Ask an administrator for access.';
export const ACCOUNT_PENDING_MESSAGE =
  'Confirm your email address first: we sent you a link when you registered.';
export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled. Ask an administrator.';
const EMAIL_CONFIRMED_MESSAGE = 'Email confirmed. You can now sign in.';
const DUPLICATE_USER_MESSAGE = 'That username or email is already registered';

const pendingRegistrationMessage = (email: string) =>
  `Check your inbox: we sent a confirmation link to ${email}. Your account works once you confirm it.`;

const invalidToken = () => badRequest(INVALID_TOKEN_MESSAGE, 'invalid_token');

/** Starts a fresh session for `user`; a new id defeats session fixation. */
async function signIn(request: FastifyRequest, user: PublicUser): Promise<void> {
  await request.session.regenerate();
  request.session.userId = user.id;
  await request.session.save();
  // Shown to admins in the account's session list.
  const userAgent = request.headers['user-agent'];
  await request.server.db
    .updateTable('sessions')
    .set({
      ip: request.ip,
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
    })
    .where('sid', '=', request.session.sessionId)
    .execute();
}

/** The operator's setup token rides along; checked (not parsed) by the handler. */
const registerBodySchema = serverRegisterSchema.extend({ setupToken: setupTokenField });

const tokenOfBody = (body: unknown) => tokenOf((objectOrEmpty(body) as { token?: unknown }).token);

/** The actor of a request made by `user` itself (registration, confirmation). */
function selfActor(request: FastifyRequest, user: PublicUser | undefined): AuditActor {
  return user ? staffActor(user, request.ip) : publicActor('anonymous', request.ip);
}

function throttled(reply: FastifyReply, seconds: number): AppError {
  reply.header('retry-after', String(seconds));
  return new AppError(429, throttledMessage(seconds), 'login_throttled');
}

export default async function authRoutes(fastify: ApiInstance) {
  const { config, db, mailer } = fastify;
  fastify.addHook('onRoute', (route) => {
    route.schema = { tags: ['auth'], ...route.schema };
  });
  const authLimit = perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_AUTH_MAX);
  const origins = allowedOrigins(config);
  // Fail at start, not at the first registration, if the list is missing.
  commonPasswords();

  // The first account needs the operator's setup token: ADMIN_SETUP_TOKEN, or one made up
  // here, kept in memory and printed in the log while no account exists.
  const setupToken = config.ADMIN_SETUP_TOKEN ?? generateSetupToken();
  fastify.addHook('onReady', async () => {
    if (config.ADMIN_SETUP_TOKEN || (await countUsers(db)) > 0) return;
    fastify.log.warn(
      `No account exists yet. Create the first one with this setup token: ${setupToken} (or run \`pnpm --filter @repo/api admin:create\`)`,
    );
  });

  fastify.get('/setup-status', { schema: { response: { 200: setupStatusSchema } } }, async () => ({
    needsSetup: (await countUsers(db)) === 0,
  }));

  fastify.get(
    '/user',
    { schema: { response: { 200: publicUserSchema, ...errorResponses(401) } } },
    async (request) => {
      const user = await sessionUser(fastify, request);
      if (!user) throw unauthorized('Not authenticated');
      return user;
    },
  );

  fastify.post(
    '/login',
    {
      config: authLimit,
      schema: {
        body: loginSchema,
        response: { 200: publicUserSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const ip = request.ip;
      const found = await findUserForLogin(db, username);
      // From an address where this account signed in lately, the account key does not
      // apply: an attacker elsewhere cannot lock its owner out.
      const trusted = found ? await isTrustedAddress(db, found.id, ip) : false;
      const keys = trusted ? [addressKey(ip)] : [addressKey(ip), accountKey(username)];
      const locked = await lockedForSeconds(db, keys);
      if (locked > 0) throw throttled(reply, locked);

      // Verify against a dummy hash when the user is unknown, so timing does not reveal usernames.
      const valid = await verifyPassword(
        password,
        found?.passwordHash ?? (await timingDummyHash()),
      );
      if (!found || !valid) {
        await recordFailure(db, [addressKey(ip), accountKey(username)]);
        throw new AppError(401, 'Invalid username or password', 'invalid_credentials');
      }
      const { passwordHash, ...user } = found;
      if (user.status === 'pending') throw forbidden(ACCOUNT_PENDING_MESSAGE, 'account_pending');
      if (user.status === 'disabled') throw forbidden(ACCOUNT_DISABLED_MESSAGE, 'account_disabled');
      // Hashes made with weaker parameters are upgraded while the password is at hand.
      if (needsRehash(passwordHash))
        await updatePasswordHash(db, user.id, await hashPassword(password));
      await recordSuccess(db, { username, userId: user.id, ip });
      await signIn(request, user);
      return user;
    },
  );

  fastify.post(
    '/register',
    {
      config: authLimit,
      schema: {
        body: registerBodySchema,
        response: { 201: registerResponseSchema, ...errorResponses(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { setupToken: givenToken, ...input } = request.body;
      // Cheap refusals before the (deliberately slow) password hash.
      const firstAccount = (await countUsers(db)) === 0;
      if (firstAccount && !setupTokenMatches(givenToken, setupToken)) {
        throw forbidden(SETUP_TOKEN_REQUIRED_MESSAGE, 'setup_token_required');
      }
      const domainAllowed = config.ADMIN_EMAIL_DOMAINS.includes(emailDomain(input.email));
      if (!firstAccount && !domainAllowed) {
        throw forbidden(REGISTRATION_CLOSED_MESSAGE, 'registration_closed');
      }
      const passwordHash = await hashPassword(input.password);

      const result = await db.transaction().execute(async (trx) => {
        // Serialised, so two "first" accounts cannot be created at once.
        await lockRegistrations(trx);
        const isFirstAccount = (await countUsers(trx)) === 0;
        if (isFirstAccount && !setupTokenMatches(givenToken, setupToken)) {
          throw forbidden(SETUP_TOKEN_REQUIRED_MESSAGE, 'setup_token_required');
        }
        // The allow-list is a filter; owning the mailbox is proven by the emailed link.
        if (!isFirstAccount && !domainAllowed) {
          throw forbidden(REGISTRATION_CLOSED_MESSAGE, 'registration_closed');
        }
        if (await usernameOrEmailTaken(trx, input.username, input.email)) {
          throw conflict(DUPLICATE_USER_MESSAGE, 'duplicate_user');
        }
        // The operator's first account (setup token) is active at once; later ones are
        // pending until their owner opens the link mailed to the address.
        const user = await insertUser(trx, {
          username: input.username,
          email: input.email,
          name: input.name,
          passwordHash,
          status: isFirstAccount ? 'active' : 'pending',
        });
        if (!isFirstAccount) {
          const { mail } = await issueAccountToken(trx, config, {
            purpose: 'verify_email',
            email: user.email,
            userId: user.id,
          });
          await mailer.queue(trx, [mail]);
        }
        await recordAudit(trx, selfActor(request, user), {
          action: 'account.register',
          targetType: 'user',
          targetId: user.id,
          details: { status: user.status, firstAccount: isFirstAccount },
        });
        return user;
      });

      if (result.status === 'active') {
        await signIn(request, result);
        return reply.status(201).send(result);
      }
      return reply
        .status(201)
        .send({ status: 'pending', message: pendingRegistrationMessage(result.email) });
    },
  );

  fastify.post(
    '/verify-email',
    {
      config: authLimit,
      schema: {
        body: accountLinkTokenBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const token = tokenOf(request.body.token);
      if (!token) throw invalidToken();
      await db.transaction().execute(async (trx) => {
        const used = await consumeAccountToken(trx, token, 'verify_email');
        if (!used?.userId) throw invalidToken();
        // Only a pending account: a link never re-enables a disabled one.
        const user = await trx
          .updateTable('users')
          .set({ status: 'active', emailVerifiedAt: new Date() })
          .where('id', '=', used.userId)
          .where('status', '=', 'pending')
          .returning(['id', 'username'])
          .executeTakeFirst();
        if (!user) throw invalidToken();
        await recordAudit(
          trx,
          staffActor(user, request.ip),
          { action: 'account.verify', targetType: 'user', targetId: user.id },
        );
      });
      return { message: EMAIL_CONFIRMED_MESSAGE };
    },
  );

  fastify.get(
    '/invite',
    {
      config: authLimit,
      schema: {
        querystring: accountLinkTokenQuerySchema,
        response: { 200: inviteDetailsSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const token = tokenOf(request.query.token);
      const found = token ? await findValidAccountToken(db, token, 'invite') : undefined;
      if (!found) throw invalidToken();
      return { email: found.email };
    },
  );

  fastify.post(
    '/accept-invite',
    {
      config: authLimit,
      // The link is checked before the form: an expired link is told so, whatever was typed.
      preValidation: async (request) => {
        const token = tokenOfBody(request.body);
        if (!token || !(await findValidAccountToken(db, token, 'invite'))) throw invalidToken();
      },
      schema: {
        body: serverAcceptInviteSchema,
        response: { 201: publicUserSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const token = tokenOf(request.body.token);
      if (!token) throw invalidToken();
      const input = request.body;
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction().execute(async (trx) => {
        await lockRegistrations(trx);
        const invite = await consumeAccountToken(trx, token, 'invite');
        if (!invite) throw invalidToken();
        if (await usernameOrEmailTaken(trx, input.username, invite.email)) {
          throw conflict(DUPLICATE_USER_MESSAGE, 'duplicate_user');
        }
        // Opening the mailed link proved the mailbox.
        const created = await insertUser(trx, {
          username: input.username,
          email: invite.email,
          name: input.name,
          passwordHash,
          status: 'active',
          emailVerifiedAt: new Date(),
        });
        await recordAudit(trx, selfActor(request, created), {
          action: 'account.register',
          targetType: 'user',
          targetId: created.id,
          details: { status: created.status, invitation: invite.id },
        });
        return created;
      });
      await signIn(request, user);
      return reply.status(201).send(user);
    },
  );

  fastify.post(
    '/logout',
    { schema: { response: { 200: messageResponseSchema, ...errorResponses(403) } } },
    async (request) => {
      if (request.session.userId) {
        // A cross-site page must not be able to sign staff out either.
        assertAllowedOrigin(request, origins);
        await request.session.destroy();
      }
      return { message: 'Logged out' };
    },
  );
}
