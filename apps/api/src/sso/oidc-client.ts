import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SsoErrorCode } from '@repo/validation';
import type { Config } from '../config';

/*
 * OpenID Connect sign-in (issue 35), on openid-client (certified): the
 * authorization code flow with PKCE (S256), `state` and `nonce`, the issuer's
 * discovery document, and the ID token checked by the library (issuer, audience,
 * expiry, nonce, signature from the issuer's JWKS; a token signed with a key the
 * cached JWKS lacks makes it fetch the JWKS again, so the provider may rotate).
 * What the flow needs between the two requests (state, nonce, PKCE verifier)
 * rides in a sealed (AES-256-GCM) cookie of its own, SameSite=Lax: the session
 * cookie is SameSite=Strict, so a browser coming back from the provider does not
 * send it. The callback clears that cookie: the checks are single use.
 */

declare module 'fastify' {
  interface Session {
    /** How this session signed in, when through the provider (recorded, listed with the session). */
    signInMethod?: { kind: 'oidc'; issuer: string; amr: string[]; acr: string | null };
    /** The provider's ID token, for its end-session endpoint at sign-out. */
    oidcIdToken?: string;
  }
}

/** How long the person may take at the provider. */
const PENDING_WINDOW_MS = 10 * 60 * 1000;
export const OIDC_PENDING_COOKIE = 'wordloom_oidc';
const PENDING_COOKIE_PATH = '/api/auth/oidc';

interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  startedAt: number;
}

function pendingKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, '', 'wordloom:oidc-pending', 32));
}

function seal(key: Buffer, pending: PendingSignIn): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(key: Buffer, sealed: string | undefined): PendingSignIn | undefined {
  if (!sealed) return undefined;
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString();
    const value = JSON.parse(text) as Partial<PendingSignIn>;
    if (
      typeof value.state !== 'string' ||
      typeof value.nonce !== 'string' ||
      typeof value.codeVerifier !== 'string' ||
      typeof value.startedAt !== 'number'
    ) {
      return undefined;
    }
    return value as PendingSignIn;
  } catch {
    return undefined;
  }
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  displayName: string;
  redirectUri: string;
  scopes: string;
  allowInsecure: boolean;
  /** Seals the pending sign-in's cookie (derived from SESSION_SECRET). */
  cookieKey: Buffer;
  secureCookie: boolean;
}

/** The settings when single sign-on is configured (OIDC_ISSUER set), else undefined. */
export function oidcSettingsOf(config: Config): OidcSettings | undefined {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return undefined;
  return {
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    displayName: config.OIDC_DISPLAY_NAME,
    redirectUri:
      config.OIDC_REDIRECT_URI ?? `${config.ADMIN_URL.replace(/\/+$/, '')}/api/auth/oidc/callback`,
    scopes: config.OIDC_SCOPES,
    allowInsecure: config.OIDC_ALLOW_INSECURE_ISSUER,
    cookieKey: pendingKey(config.SESSION_SECRET),
    secureCookie: config.isProduction,
  };
}

/** A refused provider sign-in: the console shows the code's message. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    detail?: string,
  ) {
    super(detail ?? code);
  }
}

/** What the provider says about the person, after every check passed. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  claims: Record<string, unknown>;
  amr: string[];
  acr: string | null;
  idToken: string;
}

export interface OidcClient {
  settings: OidcSettings;
  /** The provider's authorization URL for a new sign-in; its checks go into a cookie. */
  start(reply: FastifyReply): Promise<URL>;
  /** Checks the provider's answer (the callback's URL) against the cookie's checks, and spends them. */
  finish(request: FastifyRequest, reply: FastifyReply, callbackUrl: URL): Promise<OidcIdentity>;
  /** The provider's end-session URL for a session that signed in through it, if it has one. */
  endSessionUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | undefined>;
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  // Discovered once, at the first use; a failed discovery is tried again next time.
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { redirect_uris: [settings.redirectUri], response_types: ['code'] },
        client.ClientSecretBasic(settings.clientSecret),
        settings.allowInsecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    settings,
    async start(reply) {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const pending = { state, nonce, codeVerifier, startedAt: Date.now() };
      reply.setCookie(OIDC_PENDING_COOKIE, seal(settings.cookieKey, pending), {
        httpOnly: true,
        sameSite: 'lax',
        secure: settings.secureCookie,
        path: PENDING_COOKIE_PATH,
        maxAge: PENDING_WINDOW_MS / 1000,
      });
      return client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
    },

    async finish(request, reply, callbackUrl) {
      // Single use: whatever follows, this sign-in's checks are spent.
      const pending = unseal(settings.cookieKey, request.cookies[OIDC_PENDING_COOKIE]);
      reply.clearCookie(OIDC_PENDING_COOKIE, { path: PENDING_COOKIE_PATH });
      const age = pending ? Date.now() - pending.startedAt : -1;
      if (!pending || age < 0 || age > PENDING_WINDOW_MS) throw new SsoRefusal('state_mismatch');
      if (callbackUrl.searchParams.get('state') !== pending.state) {
        throw new SsoRefusal('state_mismatch');
      }
      const config = await configuration();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new SsoRefusal('provider_error', error instanceof Error ? error.message : undefined);
      }
      const idClaims = tokens.claims();
      if (!tokens.id_token || !idClaims) throw new SsoRefusal('provider_error', 'no ID token');
      // The address may be in the ID token (Google, Entra) or only at the userinfo
      // endpoint (Keycloak, Okta by default); the latter must name the same subject.
      let claims: Record<string, unknown> = { ...idClaims };
      if (config.serverMetadata().userinfo_endpoint) {
        try {
          const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          claims = { ...idClaims, ...info };
        } catch (error) {
          throw new SsoRefusal(
            'provider_error',
            error instanceof Error ? error.message : undefined,
          );
        }
      }
      // Entra ID sends no email_verified; its optional claim xms_edov says the
      // address's domain owner verified it (docs/operations.md).
      const emailVerified = [claims.email_verified, claims.xms_edov].some(
        (value) => value === true || value === 'true',
      );
      return {
        issuer: idClaims.iss,
        subject: idClaims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified,
        name: typeof claims.name === 'string' ? claims.name : undefined,
        claims,
        amr: Array.isArray(idClaims.amr) ? idClaims.amr.map(String) : [],
        acr: typeof idClaims.acr === 'string' ? idClaims.acr : null,
        idToken: tokens.id_token,
      };
    },

    async endSessionUrl(idToken, postLogoutRedirectUri) {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return client
        .buildEndSessionUrl(config, {
          id_token_hint: idToken,
          post_logout_redirect_uri: postLogoutRedirectUri,
        })
        .toString();
    },
  };
}
