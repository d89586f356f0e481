import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/*
 * A certified OpenID provider (panva's oidc-provider) on loopback, for the
 * single sign-on tests (issue 35): its people (with an address that is verified
 * or not, and groups), its one client (the API), a signing key that can rotate,
 * and a switch that tampers with the ID tokens it issues. Its login form is the
 * library's own development form (any password), which a test (or Chromium)
 * fills in with the person's id. Consent is given without asking, as for a
 * company's own application.
 */

interface ProviderPerson {
  email: string;
  emailVerified?: boolean;
  name?: string;
  groups?: string[];
  /** Entra ID's way: no email_verified, and xms_edov (the domain owner verified the address). */
  entraStyle?: boolean;
}

const OIDC_CLIENT_ID = 'wordloom-console';
const OIDC_CLIENT_SECRET = 'wordloom-console-secret-0123456789abcdef';

export interface TestProvider {
  issuer: string;
  /** The people, by their subject (the id typed into the login form); change them at will. */
  people: Map<string, ProviderPerson>;
  /** The env that points the API at this provider. */
  env(redirectUri: string, extra?: Record<string, string>): Record<string, string>;
  /** A new signing key; the old one is no longer published. Returns the new key's id. */
  rotateKey(): string;
  /** Registers the client's redirect URIs (when the console's address is known only later). */
  setRedirectUris(uris: string[]): void;
  /** The key id that signs now. */
  currentKeyId(): string;
  /** While on, each ID token from the token endpoint has its payload changed (the signature no longer fits). */
  tamperIdTokens: boolean;
  close(): Promise<void>;
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/** Changes the ID token's payload (the subject and address of someone else), keeping its signature. */
function tampered(idToken: string): string {
  const [header, payload, signature] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  claims.sub = 'someone-else';
  const forged = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return [header, forged, signature].join('.');
}

export async function startTestProvider(initialRedirectUris: string[]): Promise<TestProvider> {
  let redirectUris = initialRedirectUris;
  let handler: ReturnType<Provider['callback']> | undefined;
  const server: Server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const people = new Map<string, ProviderPerson>();
  let key = signingKey();

  const state: TestProvider = {
    issuer,
    people,
    tamperIdTokens: false,
    env: (redirectUri, extra = {}) => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
      OIDC_DISPLAY_NAME: 'Test Identity',
      OIDC_REDIRECT_URI: redirectUri,
      OIDC_ALLOW_INSECURE_ISSUER: 'true',
      ...extra,
    }),
    rotateKey: () => {
      key = signingKey();
      handler = build().callback();
      return key.kid;
    },
    setRedirectUris: (uris) => {
      redirectUris = uris;
      handler = build().callback();
    },
    currentKeyId: () => key.kid,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  function build(): Provider {
    const configuration: Configuration = {
      clients: [
        {
          client_id: OIDC_CLIENT_ID,
          client_secret: OIDC_CLIENT_SECRET,
          redirect_uris: redirectUris,
          post_logout_redirect_uris: redirectUris.map((uri) => new URL('/auth', uri).toString()),
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [key] },
      cookies: { keys: ['test-provider-cookie-key-0123456789'] },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 3600,
        IdToken: 600,
        Interaction: 600,
        Session: 3600,
      },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified', 'xms_edov'],
        profile: ['name', 'groups'],
      },
      features: {
        devInteractions: { enabled: true },
        rpInitiatedLogout: { enabled: true },
      },
      findAccount: (_ctx, sub) => {
        const person = people.get(sub);
        if (!person) return undefined;
        return {
          accountId: sub,
          claims: () => ({
            sub,
            email: person.email,
            ...(person.entraStyle
              ? { xms_edov: person.emailVerified ?? true }
              : { email_verified: person.emailVerified ?? true }),
            name: person.name ?? person.email.split('@')[0],
            groups: person.groups ?? [],
          }),
        };
      },
      // The company's own application: consent without asking.
      loadExistingGrant: async (ctx) => {
        const accountId = ctx.oidc.session?.accountId;
        const client = ctx.oidc.client;
        if (!accountId || !client) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      renderError: (ctx, out) => {
        ctx.type = 'text/plain';
        ctx.body = `provider error: ${out.error} ${out.error_description ?? ''}`;
      },
    };
    const provider = new Provider(issuer, configuration);
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: unknown } | undefined;
      if (state.tamperIdTokens && ctx.path === '/token' && typeof body?.id_token === 'string') {
        ctx.body = { ...body, id_token: tampered(body.id_token) };
      }
    });
    return provider;
  }

  handler = build().callback();
  return state;
}

/**
 * A browser at the provider: follows its redirects with its own cookies, fills in
 * the login form with `login`, and stops at the redirect back to the API.
 * Returns that callback URL (with code, state and iss).
 */
export async function throughProvider(
  authorizationUrl: string,
  login: string,
  callbackPrefix: string,
): Promise<URL> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    if (url.startsWith(callbackPrefix)) return new URL(url);
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    remember(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action) {
      throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any-password' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('too many steps at the provider');
}
