import type { LightMyRequestResponse } from 'fastify';
import { sessionCookie, type TestContext } from './test-app';
import { OIDC_PENDING_COOKIE } from '../../src/sso/oidc-client';
import { throughProvider } from './oidc-provider';

/** The console's address the API sends the browser to after a provider sign-in. */
export const redirectUriOf = (adminUrl: string) =>
  `${adminUrl.replace(/\/+$/, '')}/api/auth/oidc/callback`;

export interface StartedSignIn {
  /** The provider's authorization URL. */
  authorizationUrl: string;
  /** The pending sign-in's cookie (state, nonce, PKCE verifier, sealed). */
  cookie: string;
}

export async function startSignIn(ctx: TestContext): Promise<StartedSignIn> {
  const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}`);
  const pending = start.cookies.find((cookie) => cookie.name === OIDC_PENDING_COOKIE);
  if (!pending) throw new Error('no pending sign-in cookie');
  return {
    authorizationUrl: String(start.headers.location),
    cookie: `${OIDC_PENDING_COOKIE}=${pending.value}`,
  };
}

export function callback(
  ctx: TestContext,
  url: URL,
  cookie: string | undefined,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
  });
}

export interface SignInResult {
  response: LightMyRequestResponse;
  /** Where the API sent the browser. */
  location: URL;
  /** The sso_error code, when refused. */
  error: string | null;
  /** The console session's cookie, when signed in. */
  session: string | undefined;
}

export function resultOf(response: LightMyRequestResponse): SignInResult {
  if (response.statusCode !== 302) {
    throw new Error(`callback answered ${response.statusCode}: ${response.body}`);
  }
  const location = new URL(String(response.headers.location));
  return {
    response,
    location,
    error: location.searchParams.get('sso_error'),
    session: response.statusCode === 302 ? sessionCookie(response) : undefined,
  };
}

/** A whole provider sign-in as `login` (the person's subject at the provider). */
export async function ssoSignIn(
  ctx: TestContext,
  login: string,
  options: { authorizationUrl?: (url: URL) => URL } = {},
): Promise<SignInResult> {
  const started = await startSignIn(ctx);
  const authorizationUrl = options.authorizationUrl
    ? options.authorizationUrl(new URL(started.authorizationUrl)).toString()
    : started.authorizationUrl;
  const back = await throughProvider(authorizationUrl, login, redirectUriOf(ctx.config.ADMIN_URL));
  return resultOf(await callback(ctx, back, started.cookie));
}
