import {
  recoveryCodeBodySchema,
  signedInUserSchema,
  totpCodeBodySchema,
  TWO_FACTOR_MESSAGES,
} from '@repo/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors';
import { SESSION_SECURITY } from '../../../plugins/external/openapi';
import { perMinute } from '../../../plugins/external/rate-limit';
import { type ApiInstance, errorResponses } from '../../../route-schemas';
import {
  claimSecondFactor,
  failSecondFactor,
  passSecondFactor,
  pendingSecondFactorUser,
  signedInAnswer,
  signIn,
} from '../../../auth/second-factor-session';
import { totpSecretsKey } from '../../../two-factor/totp';
import { acceptRecoveryCode, acceptTotpCode } from '../../../two-factor/two-factor-repository';
import { assertLocalSignInAllowed, recordBreakGlassSignIn } from '../../../sso/sso-only';

/**
 * The second step of a sign-in (issue 19), after POST /api/login answered
 * `second_factor_required`: a code from the authenticator app, or a recovery code.
 * Each attempt counts toward the login back-off before it is checked (the same
 * account and address keys as a password); only a right one signs in.
 */
export default async function secondFactorRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;
  const authLimit = perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_AUTH_MAX);
  const key = totpSecretsKey(config.SESSION_SECRET);

  // The session is the pending sign-in's, set by POST /api/login.
  const schema = (
    summary: string,
    body: typeof totpCodeBodySchema | typeof recoveryCodeBodySchema,
  ) => ({
    summary,
    security: SESSION_SECURITY,
    body,
    response: { 200: signedInUserSchema, ...errorResponses(400, 401, 429) },
  });

  /** Checks a second factor of the pending sign-in; signs in when `check` says it is right. */
  async function secondStep(
    request: FastifyRequest,
    reply: FastifyReply,
    check: (userId: string) => Promise<boolean>,
    wrong: AppError,
    method: 'totp' | 'recovery',
  ) {
    const pending = await pendingSecondFactorUser(request);
    if (!pending) throw new AppError(401, TWO_FACTOR_MESSAGES.expired, 'second_factor_expired');
    // Issue 35: SSO only may have been switched on since the password step.
    const breakGlass = await assertLocalSignInAllowed(db, pending.userId);
    const claim = await claimSecondFactor(request, reply, db, pending);
    if (!(await check(pending.userId))) {
      await failSecondFactor(request, db, claim);
      throw wrong;
    }
    await passSecondFactor(request, db, pending);
    if (breakGlass) await recordBreakGlassSignIn(request, pending.user, method);
    await signIn(request, pending.user);
    return signedInAnswer(db, pending.user);
  }

  fastify.post(
    '/login/totp',
    {
      config: authLimit,
      schema: schema('Finish sign-in with an authenticator code', totpCodeBodySchema),
    },
    async (request, reply) =>
      secondStep(
        request,
        reply,
        (userId) => acceptTotpCode(db, key, userId, request.body.code),
        new AppError(401, TWO_FACTOR_MESSAGES.invalidCode, 'invalid_code'),
        'totp',
      ),
  );

  fastify.post(
    '/login/recovery',
    {
      config: authLimit,
      schema: schema('Finish sign-in with a recovery code', recoveryCodeBodySchema),
    },
    async (request, reply) =>
      secondStep(
        request,
        reply,
        (userId) => acceptRecoveryCode(db, userId, request.body.code),
        new AppError(401, TWO_FACTOR_MESSAGES.invalidRecoveryCode, 'invalid_code'),
        'recovery',
      ),
  );
}
