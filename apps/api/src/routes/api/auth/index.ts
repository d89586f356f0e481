import {
  accountLinkTokenQuerySchema,
  DISPOSABLE_EMAIL_MESSAGE,
  inviteDetailsSchema,
  loginResponseSchema,
  loginSchema,
  logoutResponseSchema,
  objectOrEmpty,
  registerResponseSchema,
  setupStatusSchema,
  setupTokenField,
  signedInUserSchema,
  SSO_MESSAGES,
  STAFF_ACCOUNT_MESSAGES,
  verifyEmailResponseSchema,
} from '@repo/validation';
import type { DB } from '@repo/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuditActor, publicActor, recordAudit, staffActor } from '../../../audit/audit-log';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../../errors';
import { allowedOrigins, assertAllowedOrigin } from '../../../plugins/app/admin-auth';
import { sessionUser } from '../../../plugins/app/authentication';
import { SESSION_SECURITY } from '../../../plugins/external/openapi';
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
import { isDisposableEmail } from '../../../abuse/disposable-email';
import { emailDomain } from '../../../auth/email-domain';
import {
  accountKey,
  addressKeys,
  claimAttempt,
  isTrustedAddress,
  lockAfterFailure,
  recordFailure,
  recordSuccess,
  throttledMessage,
} from '../../../auth/login-throttle';
import { hashPassword, needsRehash, timingDummyHash, verifyPassword } from '../../../auth/password';
import {
  serverAcceptInviteSchema,
  serverRegisterSchema,
  serverVerifyEmailSchema,
} from '../../../auth/password-policy';
import { registrationNotice } from '../../../auth/registration-notices';
import { inviterStillVouches } from '../../../staff-accounts/invitations-repository';
import secondFactorRoutes from './second-factor';
import oidcRoutes from './oidc';
import { createOidcClient, oidcSettingsOf } from '../../../sso/oidc-client';
import {
  assertLocalSignInAllowed,
  readSsoSettings,
  recordBreakGlassSignIn,
} from '../../../sso/sso-only';
import { signedInAnswer, signIn, startSecondFactor } from '../../../auth/second-factor-session';
import { secondFactorMethods } from '../../../two-factor/two-factor-repository';
import {
  generateSetupToken,
  SETUP_TOKEN_REQUIRED_MESSAGE,
  setupTokenMatches,
} from '../../../auth/setup-token';
import {
  activatePendingUser,
  countUsers,
  deletePendingUser,
  findUserByEmail,
  findUserForLogin,
  insertUser,
  lockRegistrations,
  type PublicUser,
  updatePasswordHash,
  usernameOrEmailTaken,
} from '../../../auth/users-repository';

export const REGISTRATION_CLOSED_MESSAGE =
  'Registration is closed: only staff with an approved company email address can create an account. Ask an administrator for access.';
const ACCOUNT_PENDING_MESSAGE =
  'Confirm your email address first: we sent you a link when you registered.';
export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled. Ask an administrator.';
const DUPLICATE_USER_MESSAGE = 'That username or email is already registered';

const pendingRegistrationMessage = (email: string) =>
  `Check your inbox: we sent a confirmation link to ${email}. Your account works once you confirm it.`;

const invalidToken = () => badRequest(INVALID_TOKEN_MESSAGE, 'invalid_token');

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

  await fastify.register(secondFactorRoutes);
  const oidcSettings = oidcSettingsOf(config);
  const oidc = oidcSettings ? createOidcClient(oidcSettings) : undefined;
  await fastify.register(oidcRoutes, { oidc });

  fastify.get(
    '/setup-status',
    {
      schema: {
        summary: 'Whether the first account is still to be made',
        response: { 200: setupStatusSchema },
      },
    },
    async () => ({
      needsSetup: (await countUsers(db)) === 0,
    }),
  );

  fastify.get(
    '/user',
    {
      schema: {
        summary: 'Read the signed-in account',
        security: SESSION_SECURITY,
        response: { 200: signedInUserSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await sessionUser(fastify, request);
      if (!user) throw unauthorized('Not authenticated');
      return signedInAnswer(db, user, {
        viaProvider: request.session.signInMethod?.kind === 'oidc',
      });
    },
  );

  fastify.post(
    '/login',
    {
      config: authLimit,
      schema: {
        summary: 'Sign in with a password',
        body: loginSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const ip = request.ip;
      const found = await findUserForLogin(db, username);
      // From an address where this account signed in lately, the account key does not
      // apply: an attacker elsewhere cannot lock its owner out.
      const trusted = found ? await isTrustedAddress(db, found.id, ip) : false;
      const keys = trusted
        ? addressKeys(ip, username)
        : [...addressKeys(ip, username), accountKey(username)];
      // Counted as a failure before the password is checked (issue 19): of many
      // concurrent guesses, only the free ones are checked at all.
      const locked = await claimAttempt(db, keys);
      if (locked > 0) throw throttled(reply, locked);

      // Verify against a dummy hash when the user is unknown (or pending, without a
      // password), so timing does not reveal usernames.
      const valid = await verifyPassword(
        password,
        found?.passwordHash ?? (await timingDummyHash()),
      );
      if (!found || !valid) {
        await lockAfterFailure(db, keys);
        // From a trusted address the account key does not gate, but still counts.
        if (trusted) await recordFailure(db, [accountKey(username)]);
        throw new AppError(401, 'Invalid username or password', 'invalid_credentials');
      }
      const { passwordHash, ...user } = found;
      if (user.status === 'pending') throw forbidden(ACCOUNT_PENDING_MESSAGE, 'account_pending');
      if (user.status === 'disabled') throw forbidden(ACCOUNT_DISABLED_MESSAGE, 'account_disabled');
      // Issue 35: while SSO only is on, a password opens break-glass Owners only.
      const breakGlass = await assertLocalSignInAllowed(db, user.id);
      // Hashes made with weaker parameters are upgraded while the password is at hand.
      if (passwordHash && needsRehash(passwordHash))
        await updatePasswordHash(db, user.id, await hashPassword(password));
      // A second factor (issue 19): the password alone opens nothing. The attempt stays
      // counted until the second step passes, so a known password does not reset the
      // back-off for guesses at the code.
      const methods = await secondFactorMethods(db, user.id);
      if (methods.length > 0) return startSecondFactor(request, user, methods);
      await recordSuccess(db, { username, userId: user.id, ip });
      if (breakGlass) await recordBreakGlassSignIn(request, user, 'password');
      await signIn(request, user);
      return signedInAnswer(db, user);
    },
  );

  fastify.post(
    '/register',
    {
      config: authLimit,
      schema: {
        operationId: 'register',
        summary: 'Register for the console',
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
      // Issue 19: a throwaway mailbox proves nobody, even at a domain listed by mistake.
      if (isDisposableEmail(input.email)) {
        throw badRequest(DISPOSABLE_EMAIL_MESSAGE, 'disposable_email', [
          { path: 'email', message: DISPOSABLE_EMAIL_MESSAGE },
        ]);
      }
      // Only the operator's first account keeps the password typed here: a later
      // one is pending, and whoever proves the mailbox sets its password (issue 19).
      const passwordHash = firstAccount ? await hashPassword(input.password) : undefined;

      const result = await db.transaction().execute(async (trx) => {
        // Serialised, so two "first" accounts cannot be created at once.
        await lockRegistrations(trx);
        const isFirstAccount = (await countUsers(trx)) === 0;
        if (isFirstAccount) {
          if (!passwordHash || !setupTokenMatches(givenToken, setupToken)) {
            throw forbidden(SETUP_TOKEN_REQUIRED_MESSAGE, 'setup_token_required');
          }
          if (await usernameOrEmailTaken(trx, input.username, input.email)) {
            throw conflict(DUPLICATE_USER_MESSAGE, 'duplicate_user');
          }
          const user = await insertUser(trx, {
            username: input.username,
            email: input.email,
            name: input.name,
            passwordHash,
            status: 'active',
          });
          await recordAudit(trx, selfActor(request, user), {
            action: 'account.register',
            targetType: 'user',
            targetId: user.id,
            details: { status: user.status, firstAccount: true },
          });
          return user;
        }
        // The allow-list is a filter; owning the mailbox is proven by the emailed link.
        if (!domainAllowed) throw forbidden(REGISTRATION_CLOSED_MESSAGE, 'registration_closed');
        await registerPending(trx, request, input);
        return undefined;
      });

      if (result) {
        await signIn(request, result);
        return reply.status(201).send(await signedInAnswer(db, result));
      }
      // The same answer whether an account was created, the address already has one,
      // or the username is taken: the mailbox is told which (issue 19).
      return reply
        .status(201)
        .send({ status: 'pending', message: pendingRegistrationMessage(input.email) });
    },
  );

  /**
   * A later registration: a pending account and its link, unless the address already
   * has an account or the username is taken, in which case the address gets a note
   * instead and nothing is created. A registration nobody confirmed yet is replaced.
   */
  async function registerPending(
    trx: DB,
    request: FastifyRequest,
    input: { username: string; email: string; name: string },
  ): Promise<void> {
    const holder = await findUserByEmail(trx, input.email);
    if (holder && holder.status !== 'pending') {
      await mailer.queue(trx, [registrationNotice(config, 'address_registered', holder.email)]);
      return;
    }
    if (holder && (await deletePendingUser(trx, holder.id))) {
      await recordAudit(trx, selfActor(request, undefined), {
        action: 'account.replace_pending',
        targetType: 'user',
        targetId: holder.id,
        details: { by: 'registration' },
      });
    }
    if (await usernameOrEmailTaken(trx, input.username, input.email)) {
      await mailer.queue(trx, [registrationNotice(config, 'username_taken', input.email)]);
      return;
    }
    const user = await insertUser(trx, {
      username: input.username,
      email: input.email,
      name: input.name,
      status: 'pending',
    });
    const { mail } = await issueAccountToken(trx, config, {
      purpose: 'verify_email',
      email: user.email,
      userId: user.id,
    });
    await mailer.queue(trx, [mail]);
    await recordAudit(trx, selfActor(request, user), {
      action: 'account.register',
      targetType: 'user',
      targetId: user.id,
      details: { status: user.status, firstAccount: false },
    });
  }

  fastify.post(
    '/verify-email',
    {
      config: authLimit,
      // The link is checked before the form: an expired link is told so, whatever was typed.
      preValidation: async (request) => {
        const token = tokenOfBody(request.body);
        if (!token || !(await findValidAccountToken(db, token, 'verify_email'))) {
          throw invalidToken();
        }
      },
      schema: {
        summary: "Verify a registration's address",
        body: serverVerifyEmailSchema,
        response: { 200: verifyEmailResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const token = tokenOf(request.body.token);
      if (!token) throw invalidToken();
      // The password is set by whoever opens the link, that is whoever holds the
      // mailbox: not by whoever registered the address (issue 19).
      const passwordHash = await hashPassword(request.body.password);
      const user = await db.transaction().execute(async (trx) => {
        const used = await consumeAccountToken(trx, token, 'verify_email');
        if (!used?.userId) throw invalidToken();
        // Only a pending account, not past its PENDING_ACCOUNT_DAYS: a link never
        // re-enables a disabled one.
        const activated = await activatePendingUser(trx, used.userId, passwordHash);
        if (!activated) throw invalidToken();
        await recordAudit(trx, selfActor(request, activated), {
          action: 'account.verify',
          targetType: 'user',
          targetId: activated.id,
        });
        return activated;
      });
      return { message: STAFF_ACCOUNT_MESSAGES.emailConfirmed, username: user.username };
    },
  );

  fastify.get(
    '/invite',
    {
      config: authLimit,
      schema: {
        summary: 'Read a staff invitation',
        querystring: accountLinkTokenQuerySchema,
        response: { 200: inviteDetailsSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const token = tokenOf(request.query.token);
      const found = token ? await findValidAccountToken(db, token, 'invite') : undefined;
      // Issue 31: an invitation whose inviter was disabled or lost the role's permissions answers as expired.
      if (!found || !(await inviterStillVouches(db, found))) throw invalidToken();
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
        const found = token ? await findValidAccountToken(db, token, 'invite') : undefined;
        if (!found || !(await inviterStillVouches(db, found))) throw invalidToken();
      },
      schema: {
        operationId: 'acceptInvite',
        summary: 'Accept a staff invitation',
        body: serverAcceptInviteSchema,
        response: { 201: signedInUserSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const token = tokenOf(request.body.token);
      if (!token) throw invalidToken();
      // Issue 35: while SSO only is on, an invitation is taken up by signing in with the provider.
      if ((await readSsoSettings(db)).ssoOnly) {
        throw forbidden(SSO_MESSAGES.ssoRequired, 'sso_required');
      }
      const input = request.body;
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction().execute(async (trx) => {
        await lockRegistrations(trx);
        const invite = await consumeAccountToken(trx, token, 'invite');
        // Checked again here, in the transaction that uses the link (issue 31).
        if (!invite || !(await inviterStillVouches(trx, invite))) throw invalidToken();
        // A registration of the address that nobody confirmed gives way to its owner.
        const holder = await findUserByEmail(trx, invite.email);
        if (holder?.status === 'pending' && (await deletePendingUser(trx, holder.id))) {
          await recordAudit(trx, selfActor(request, undefined), {
            action: 'account.replace_pending',
            targetType: 'user',
            targetId: holder.id,
            details: { by: 'accepted_invitation' },
          });
        }
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
          roleId: invite.roleId ?? undefined,
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
      return reply.status(201).send(await signedInAnswer(db, user));
    },
  );

  fastify.post(
    '/logout',
    {
      schema: {
        summary: 'Sign out',
        description:
          "A session that signed in through the identity provider also gets the provider's end-session address, when it has one (`endSessionUrl`): the console goes there next.",
        // With a session or without one (then nothing happens).
        security: [{}, ...SESSION_SECURITY],
        response: { 200: logoutResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      let endSessionUrl: string | undefined;
      if (request.session.userId) {
        // A cross-site page must not be able to sign staff out either.
        assertAllowedOrigin(request, origins);
        const idToken = request.session.oidcIdToken;
        await request.session.destroy();
        if (oidc && idToken) {
          endSessionUrl = await oidc
            .endSessionUrl(idToken, `${config.ADMIN_URL.replace(/\/+$/, '')}/auth`)
            .catch(() => undefined);
        }
      }
      return endSessionUrl ? { message: 'Logged out', endSessionUrl } : { message: 'Logged out' };
    },
  );
}
