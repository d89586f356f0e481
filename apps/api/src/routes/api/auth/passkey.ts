import {
  PASSKEY_MESSAGES,
  passkeyAuthenticationOptionsSchema,
  passkeySignInBodySchema,
  signedInUserSchema,
} from '@repo/validation';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '../../../errors';
import {
  claimSecondFactor,
  failSecondFactor,
  passSecondFactor,
  pendingSecondFactorUser,
  signedInAnswer,
  signIn,
} from '../../../auth/second-factor-session';
import { findActiveUserById } from '../../../auth/users-repository';
import {
  credentialsOf,
  findPasskeyByCredentialId,
  recordPasskeyUse,
} from '../../../passkeys/passkeys-repository';
import {
  relyingPartyOf,
  startAuthentication,
  takeChallenge,
  verifyAssertion,
} from '../../../passkeys/webauthn';
import { perMinute } from '../../../plugins/external/rate-limit';
import { assertLocalSignInAllowed, recordBreakGlassSignIn } from '../../../sso/sso-only';
import { type ApiInstance, errorResponses } from '../../../route-schemas';

/*
 * Signing in with a passkey (issue 19): as the second factor after a right password
 * (the session awaits it: only that account's passkeys count), or without a password
 * (a discoverable passkey names its account, and the authenticator must verify the
 * person). Every attempt is counted toward the sign-in back-off before it is checked,
 * as a password is; a failure stays counted.
 */
export default async function passkeySignInRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;
  const rp = relyingPartyOf(config);
  const authLimit = perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_AUTH_MAX);
  fastify.addHook('onRoute', (route) => {
    route.schema = { tags: ['auth'], ...route.schema };
  });

  fastify.post(
    '/login/passkey/options',
    {
      config: authLimit,
      schema: {
        summary: 'Start a passkey sign-in',
        response: { 200: passkeyAuthenticationOptionsSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      const pending = await pendingSecondFactorUser(request);
      return startAuthentication(
        request,
        rp,
        pending
          ? { userId: pending.userId, credentials: await credentialsOf(db, pending.userId) }
          : undefined,
      );
    },
  );

  fastify.post(
    '/login/passkey',
    {
      config: authLimit,
      schema: {
        summary: 'Sign in with a passkey',
        body: passkeySignInBodySchema,
        response: { 200: signedInUserSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      // Taken out of the session first: whatever follows, this challenge is spent.
      const challenge = await takeChallenge(request, db, 'sign_in');
      const pending = await pendingSecondFactorUser(request);
      const passkey = await findPasskeyByCredentialId(db, response.id);
      const owner = passkey ? await findActiveUserById(db, passkey.userId) : undefined;
      // The account this attempt is about: the one awaiting its second factor, or the
      // passkey's (password-less). An unknown credential counts against the address only.
      const account =
        challenge?.userId !== undefined ? (pending?.user ?? owner) : (owner ?? pending?.user);
      const claim = await claimSecondFactor(
        request,
        reply,
        db,
        account ? { username: account.username, userId: account.id } : {},
        { passwordless: challenge?.userId === undefined },
      );

      const user = await (async () => {
        if (!challenge || !passkey || !account || passkey.userId !== account.id) return undefined;
        // A second factor: the challenge was issued to this account's pending sign-in,
        // which is still open. Password-less: the authenticator verified the person.
        const secondFactor = challenge.userId !== undefined;
        if (secondFactor && pending?.userId !== challenge.userId) return undefined;
        // A discoverable passkey also names its account (the user handle set at enrolment).
        const handle = response.response.userHandle;
        if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== account.id) {
          return undefined;
        }
        const verified = await verifyAssertion(rp, challenge, passkey, response, !secondFactor);
        if (!verified) return undefined;
        // The counter must go up (a cloned authenticator's does not), checked and
        // written in one statement.
        if (!(await recordPasskeyUse(db, passkey.id, verified.newCounter))) return undefined;
        return account;
      })();

      if (!user) {
        await failSecondFactor(request, db, claim);
        throw new AppError(401, PASSKEY_MESSAGES.signInFailed, 'passkey_failed');
      }
      await passSecondFactor(request, db, { username: user.username, userId: user.id });
      // Issue 35: while SSO only is on, a passkey opens break-glass Owners only.
      if (await assertLocalSignInAllowed(db, user.id)) {
        await recordBreakGlassSignIn(request, user, 'passkey');
      }
      await signIn(request, user);
      return signedInAnswer(db, user);
    },
  );
}
