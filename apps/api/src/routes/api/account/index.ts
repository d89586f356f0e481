import {
  accountSecuritySchema,
  messageResponseSchema,
  recoveryCodesSchema,
  totpCodeBodySchema,
  totpSetupSchema,
  TWO_FACTOR_MESSAGES,
} from '@repo/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit, staffActor } from '../../../audit/audit-log';
import type { PublicUser } from '../../../auth/users-repository';
import { AppError, conflict } from '../../../errors';
import {
  claimSecondFactor,
  failSecondFactor,
  passSecondFactor,
} from '../../../auth/second-factor-session';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  totpEnrolment,
  totpSecretsKey,
  matchingTotpStep,
} from '../../../two-factor/totp';
import {
  acceptTotpCode,
  confirmTotp,
  deleteRecoveryCodes,
  deleteTotp,
  findTotp,
  replaceRecoveryCodes,
  secondFactorMethods,
  secondFactorRequired,
  secondFactorState,
  startTotpEnrolment,
} from '../../../two-factor/two-factor-repository';
import { listPasskeys } from '../../../passkeys/passkeys-repository';
import { allowedOrigins, assertAllowedOrigin } from '../../../plugins/app/admin-auth';
import { documentRoutesAs, SESSION_SECURITY } from '../../../plugins/external/openapi';
import { type ApiInstance, errorResponses } from '../../../route-schemas';

/*
 * The signed-in staff member's own two-factor sign-in (issue 19): set up an
 * authenticator app (a secret, confirmed by a code from the app), its ten
 * recovery codes (shown once), and turning it off. Open to an account the policy
 * sends to enrol (admin routes are not, until it has). A session is needed, and
 * every change must come from the console's origin.
 */
export default async function accountRoutes(fastify: ApiInstance) {
  fastify.addHook('onRoute', documentRoutesAs('account', SESSION_SECURITY));
  const { config, db } = fastify;
  const origins = allowedOrigins(config);
  const key = totpSecretsKey(config.SESSION_SECRET);

  // Before the body is read: a request without a session is a 401 whatever it sends.
  fastify.addHook('onRequest', async (request) => {
    await fastify.requireUser(request);
    assertAllowedOrigin(request, origins);
  });
  // What these answers hold (a secret, recovery codes) is never cached.
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const userOf = (request: FastifyRequest): PublicUser => {
    // Set by requireUser, which ran first.
    if (!request.user) throw new Error('requireUser did not run');
    return request.user;
  };

  const invalidCode = () => new AppError(400, TWO_FACTOR_MESSAGES.invalidCode, 'invalid_code');

  /**
   * A current code of the account's app, for changes a stolen session must not make
   * alone (turning it off, new recovery codes). Counted toward the login back-off
   * like a sign-in's second step, so a session cannot guess codes either.
   */
  async function requireCurrentCode(request: FastifyRequest, reply: FastifyReply, code: string) {
    const user = userOf(request);
    const account = { userId: user.id, username: user.username };
    const claim = await claimSecondFactor(request, reply, db, account);
    if (!(await acceptTotpCode(db, key, user.id, code))) {
      await failSecondFactor(request, db, claim);
      throw invalidCode();
    }
    await passSecondFactor(request, db, account);
  }

  fastify.get(
    '/security',
    {
      schema: {
        summary: "Read the account's second factors",
        response: { 200: accountSecuritySchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = userOf(request);
      const state = await secondFactorState(db, user.id);
      return {
        totp: { enabled: state.totp },
        recoveryCodesLeft: state.recoveryCodesLeft,
        passkeys: await listPasskeys(db, user.id),
        required: await secondFactorRequired(db, user.id),
      };
    },
  );

  fastify.post(
    '/totp/setup',
    {
      schema: {
        summary: 'Start setting up an authenticator app',
        response: { 200: totpSetupSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => {
      const user = userOf(request);
      const secret = newTotpSecret();
      if (!(await startTotpEnrolment(db, user.id, sealTotpSecret(key, secret)))) {
        throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled, 'totp_already_enabled');
      }
      return { secret, ...(await totpEnrolment(secret, user.username)) };
    },
  );

  fastify.post(
    '/totp/confirm',
    {
      schema: {
        summary: 'Confirm the authenticator app',
        body: totpCodeBodySchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const user = userOf(request);
      const waiting = await findTotp(db, user.id);
      if (waiting?.confirmedAt) {
        throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled, 'totp_already_enabled');
      }
      if (!waiting) throw conflict(TWO_FACTOR_MESSAGES.notStarted, 'totp_not_started');
      // The app proves it holds the secret: without this code nothing is turned on.
      const step = matchingTotpStep(openTotpSecret(key, waiting.secretSealed), request.body.code);
      if (step === undefined) throw invalidCode();
      const codes = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        if (!(await confirmTotp(trx, user.id, step))) {
          throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled, 'totp_already_enabled');
        }
        await replaceRecoveryCodes(trx, user.id, codes.map(hashRecoveryCode));
        await recordAudit(trx, staffActor(user, request.ip), {
          action: 'account.two_factor_enable',
          targetType: 'user',
          targetId: user.id,
          details: { method: 'totp' },
        });
      });
      return { recoveryCodes: codes };
    },
  );

  fastify.post(
    '/recovery-codes',
    {
      schema: {
        summary: 'Make new recovery codes',
        body: totpCodeBodySchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      await requireCurrentCode(request, reply, request.body.code);
      const codes = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        await replaceRecoveryCodes(trx, user.id, codes.map(hashRecoveryCode));
        await recordAudit(trx, staffActor(user, request.ip), {
          action: 'account.recovery_codes',
          targetType: 'user',
          targetId: user.id,
        });
      });
      return { recoveryCodes: codes };
    },
  );

  fastify.post(
    '/totp/disable',
    {
      schema: {
        summary: 'Turn off the authenticator app',
        body: totpCodeBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const totp = await findTotp(db, user.id);
      if (!totp?.confirmedAt) throw conflict(TWO_FACTOR_MESSAGES.notEnabled, 'totp_not_enabled');
      // Without another factor, an account the policy requires one of keeps its app.
      const others = (await secondFactorMethods(db, user.id)).filter(
        (method) => method !== 'totp' && method !== 'recovery',
      );
      if (others.length === 0 && (await secondFactorRequired(db, user.id))) {
        throw conflict(TWO_FACTOR_MESSAGES.stillRequired, 'second_factor_required');
      }
      await requireCurrentCode(request, reply, request.body.code);
      await db.transaction().execute(async (trx) => {
        await deleteTotp(trx, user.id);
        // Recovery codes stand in for a factor; with none left they would be one on their own.
        const recoveryCodes = others.length === 0 ? await deleteRecoveryCodes(trx, user.id) : 0;
        await recordAudit(trx, staffActor(user, request.ip), {
          action: 'account.two_factor_disable',
          targetType: 'user',
          targetId: user.id,
          details: { method: 'totp', recoveryCodesRemoved: recoveryCodes },
        });
      });
      return { message: TWO_FACTOR_MESSAGES.totpDisabled };
    },
  );
}
