import {
  idParamsSchema,
  messageResponseSchema,
  PASSKEY_MESSAGES,
  passkeyRegistrationBodySchema,
  passkeyRegistrationOptionsSchema,
  passkeySummarySchema,
} from '@repo/validation';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { recordAudit, staffActor } from '../../../audit/audit-log';
import {
  deleteRecoveryCodes,
  secondFactorMethods,
  secondFactorRequired,
} from '../../../two-factor/two-factor-repository';
import { lockUser } from '../../../auth/users-repository';
import { badRequest, conflict, notFound } from '../../../errors';
import {
  countPasskeys,
  credentialsOf,
  deletePasskey,
  insertPasskey,
  MAX_PASSKEYS_PER_ACCOUNT,
} from '../../../passkeys/passkeys-repository';
import {
  finishRegistration,
  relyingPartyOf,
  startRegistration,
  takeChallenge,
} from '../../../passkeys/webauthn';
import { allowedOrigins, assertAllowedOrigin } from '../../../plugins/app/admin-auth';
import { documentRoutesAs, SESSION_SECURITY } from '../../../plugins/external/openapi';
import { type ApiInstance, errorResponses } from '../../../route-schemas';

/*
 * The signed-in staff member's own passkeys (issue 19): add one (a WebAuthn
 * registration: options, then the authenticator's response), remove one. A session
 * is needed (an account awaiting its second factor has none yet), and every change
 * must come from the console's origin.
 */
export default async function accountPasskeyRoutes(fastify: ApiInstance) {
  fastify.addHook('onRoute', documentRoutesAs('account', SESSION_SECURITY));
  const { config, db } = fastify;
  const rp = relyingPartyOf(config);
  const origins = allowedOrigins(config);

  const signedInFromConsole = async (request: FastifyRequest) => {
    await fastify.requireUser(request);
    assertAllowedOrigin(request, origins);
  };
  const userOf = (request: FastifyRequest) => {
    // Set by requireUser, which ran first.
    if (!request.user) throw new Error('requireUser did not run');
    return request.user;
  };

  fastify.post(
    '/passkeys/options',
    {
      preHandler: signedInFromConsole,
      schema: {
        summary: 'Start adding a passkey',
        response: { 200: passkeyRegistrationOptionsSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => {
      const user = userOf(request);
      if ((await countPasskeys(db, user.id)) >= MAX_PASSKEYS_PER_ACCOUNT) {
        throw conflict(PASSKEY_MESSAGES.tooMany, 'too_many_passkeys');
      }
      return startRegistration(request, rp, user, await credentialsOf(db, user.id));
    },
  );

  fastify.post(
    '/passkeys',
    {
      preHandler: signedInFromConsole,
      schema: {
        summary: 'Add a passkey',
        body: passkeyRegistrationBodySchema,
        response: { 201: passkeySummarySchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      // Taken before the response is checked: a challenge serves one attempt.
      const challenge = await takeChallenge(request, db, 'register');
      if (!challenge || challenge.userId !== user.id) {
        throw badRequest(PASSKEY_MESSAGES.ceremonyExpired, 'passkey_challenge_invalid');
      }
      const credential = await finishRegistration(
        rp,
        challenge,
        request.body.response as unknown as RegistrationResponseJSON,
      );
      if (!credential) throw badRequest(PASSKEY_MESSAGES.notVerified, 'passkey_not_verified');
      const passkey = await db.transaction().execute(async (trx) => {
        // One account's passkeys are added one at a time: the cap holds under a race.
        await lockUser(trx, user.id);
        if ((await countPasskeys(trx, user.id)) >= MAX_PASSKEYS_PER_ACCOUNT) {
          throw conflict(PASSKEY_MESSAGES.tooMany, 'too_many_passkeys');
        }
        const added = await insertPasskey(trx, {
          userId: user.id,
          name: request.body.name,
          ...credential,
        });
        if (!added) throw conflict(PASSKEY_MESSAGES.alreadyRegistered, 'passkey_exists');
        await recordAudit(trx, staffActor(user, request.ip), {
          action: 'account.passkey_add',
          targetType: 'user',
          targetId: user.id,
          details: { passkey: added.id },
        });
        return added;
      });
      return reply.status(201).send(passkey);
    },
  );

  fastify.delete(
    '/passkeys/:id',
    {
      preHandler: signedInFromConsole,
      schema: {
        summary: 'Remove a passkey',
        params: idParamsSchema(PASSKEY_MESSAGES.notFound),
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const user = userOf(request);
      await db.transaction().execute(async (trx) => {
        // One change to an account's factors at a time: two removals cannot both take
        // what the policy says it must keep.
        await lockUser(trx, user.id);
        const removed = await deletePasskey(trx, user.id, request.params.id);
        if (!removed) throw notFound(PASSKEY_MESSAGES.notFound);
        const left = (await secondFactorMethods(trx, user.id)).filter(
          (method) => method !== 'recovery',
        );
        if (left.length === 0 && (await secondFactorRequired(trx, user.id))) {
          throw conflict(PASSKEY_MESSAGES.stillRequired, 'second_factor_required');
        }
        // Recovery codes stand in for a factor; with none left they go too.
        const recoveryCodes = left.length === 0 ? await deleteRecoveryCodes(trx, user.id) : 0;
        await recordAudit(trx, staffActor(user, request.ip), {
          action: 'account.passkey_remove',
          targetType: 'user',
          targetId: user.id,
          details: { passkey: request.params.id, recoveryCodesRemoved: recoveryCodes },
        });
      });
      return { message: PASSKEY_MESSAGES.removed };
    },
  );
}
