import {
  noContentSchema,
  SSO_ERROR_CODES,
  ssoCallbackQuerySchema,
  ssoStatusSchema,
  type SsoErrorCode,
} from '@repo/validation';
import { signIn } from '../../../auth/second-factor-session';
import { perMinute } from '../../../plugins/external/rate-limit';
import { type ApiInstance } from '../../../route-schemas';
import { type OidcClient, SsoRefusal } from '../../../sso/oidc-client';
import { accountForIdentity } from '../../../sso/sso-accounts';
import { readSsoSettings } from '../../../sso/sso-only';

/*
 * Single sign-on (issue 35): GET /api/auth/oidc tells the sign-in page whether to
 * offer it; /start sends the browser to the provider; /callback checks its answer,
 * makes the same session as a password sign-in (no second factor asked: the
 * provider's `amr`/`acr` is recorded in the session) and sends the browser to the
 * console, or back to the sign-in page with `?sso_error=<code>`.
 */
export default async function oidcRoutes(
  fastify: ApiInstance,
  { oidc }: { oidc: OidcClient | undefined },
) {
  const { config, db } = fastify;
  const authLimit = perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_AUTH_MAX);
  const consoleUrl = config.ADMIN_URL.replace(/\/+$/, '');
  const refusedUrl = (code: SsoErrorCode) => `${consoleUrl}/auth?sso_error=${code}`;

  fastify.get(
    '/auth/oidc',
    {
      schema: {
        summary: 'Whether single sign-on is offered, and under which name',
        response: { 200: ssoStatusSchema },
      },
    },
    async () => ({
      enabled: oidc !== undefined,
      displayName: oidc?.settings.displayName ?? null,
      ssoOnly: (await readSsoSettings(db)).ssoOnly,
    }),
  );

  const redirectResponse = {
    302: noContentSchema.meta({
      description:
        'Location: the provider, the console, or its sign-in page with ?sso_error=<code>',
    }),
  };

  fastify.get(
    '/auth/oidc/start',
    {
      config: authLimit,
      schema: { summary: 'Start a sign-in at the identity provider', response: redirectResponse },
    },
    async (_request, reply) => {
      if (!oidc) return reply.redirect(refusedUrl('not_configured'));
      try {
        return reply.redirect((await oidc.start(reply)).toString());
      } catch (error) {
        fastify.log.error({ err: error }, 'OpenID Connect discovery failed');
        return reply.redirect(refusedUrl('provider_error'));
      }
    },
  );

  fastify.get(
    '/auth/oidc/callback',
    {
      config: authLimit,
      schema: {
        summary: "The identity provider's answer",
        // The provider's parameters (code, state, iss, error…) are read by the library.
        querystring: ssoCallbackQuerySchema,
        response: redirectResponse,
      },
    },
    async (request, reply) => {
      if (!oidc) return reply.redirect(refusedUrl('not_configured'));
      try {
        const callbackUrl = new URL(oidc.settings.redirectUri);
        callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
        const identity = await oidc.finish(request, reply, callbackUrl);
        const user = await accountForIdentity(db, config, identity, request.ip);
        await signIn(request, user);
        request.session.signInMethod = {
          kind: 'oidc',
          issuer: identity.issuer,
          amr: identity.amr,
          acr: identity.acr,
        };
        request.session.oidcIdToken = identity.idToken;
        await request.session.save();
        return reply.redirect(`${consoleUrl}/`);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        request.log.info({ code: error.code, detail: error.message }, 'single sign-on refused');
        const code = (SSO_ERROR_CODES as readonly string[]).includes(error.code)
          ? error.code
          : 'provider_error';
        return reply.redirect(refusedUrl(code));
      }
    },
  );
}
