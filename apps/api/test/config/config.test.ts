import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const SESSION_SECRET = 'a-session-secret-that-is-long-enough-1234';
const UNSUBSCRIBE_SECRET = 'an-unsubscribe-secret-that-is-long-enough-5678';
const POST_PREVIEW_SECRET = 'a-post-preview-secret-that-is-long-enough-9012';
const base = { NODE_ENV: 'test', SESSION_SECRET, UNSUBSCRIBE_SECRET, POST_PREVIEW_SECRET };
const secrets = { SESSION_SECRET, UNSUBSCRIBE_SECRET, POST_PREVIEW_SECRET };
const DATABASE_URL = 'postgres://app@db.example.com:5432/wordloom';

describe('email and admin configuration', () => {
  it('has working defaults: mail captured, streams named, links to the local API', () => {
    const config = loadConfig(base);
    expect(config.POSTMARK_SERVER_TOKEN).toBeUndefined();
    expect(config).toMatchObject({
      POSTMARK_TRANSACTIONAL_STREAM: 'outbound',
      POSTMARK_BROADCAST_STREAM: 'broadcast',
      EMAIL_FROM: 'Wordloom <beta@wordloom.ai>',
      API_PUBLIC_URL: 'http://localhost:3001',
      ADMIN_ALLOWED_ORIGINS: [],
      EMAIL_MAX_ATTEMPTS: 10,
      SESSION_IDLE_MINUTES: 60,
      SESSION_ABSOLUTE_HOURS: 12,
      UNSUBSCRIBE_SECRET,
    });
    expect(config.ADMIN_SETUP_TOKEN).toBeUndefined();
  });

  it('reads ADMIN_ALLOWED_ORIGINS as a list of origins', () => {
    const config = loadConfig({
      ...base,
      ADMIN_ALLOWED_ORIGINS: ' https://ops.example.com/admin , http://localhost:5173 ',
    });
    expect(config.ADMIN_ALLOWED_ORIGINS).toEqual([
      'https://ops.example.com',
      'http://localhost:5173',
    ]);
  });

  it.each([
    ['ADMIN_ALLOWED_ORIGINS', 'not a url'],
    ['UNSUBSCRIBE_SECRET', 'short'],
    ['POST_PREVIEW_SECRET', 'short'],
    ['EMAIL_MAX_ATTEMPTS', '0'],
    ['POSTMARK_TIMEOUT_MS', 'soon'],
    ['API_PUBLIC_URL', 'localhost'],
    ['ADMIN_SETUP_TOKEN', 'too-short'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['SESSION_ABSOLUTE_HOURS', 'forever'],
    ['METRICS_TOKEN', 'too-short'],
  ])('refuses %s=%j, naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name);
  });
});

describe('metrics (issue 31)', () => {
  it('listen on loopback unless API_METRICS_HOST says otherwise (the image does), with no token unless set', () => {
    const config = loadConfig(base);
    expect(config.API_METRICS_HOST).toBe('127.0.0.1');
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ ...base, API_METRICS_HOST: '0.0.0.0' }).API_METRICS_HOST).toBe('0.0.0.0');
  });
});

describe('environment and secrets (issue 8)', () => {
  it('an unset NODE_ENV means production with DATABASE_URL, development without', () => {
    const withDatabase = loadConfig({ DATABASE_URL, ...secrets });
    expect(withDatabase.NODE_ENV).toBe('production');
    expect(withDatabase.isProduction).toBe(true);
    expect(withDatabase.seedDevAdmin).toBe(false);
    const embedded = loadConfig({});
    expect(embedded.NODE_ENV).toBe('development');
    expect(embedded.seedDevAdmin).toBe(true);
  });

  it('seeds the dev admin only in development on the embedded database', () => {
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL }).seedDevAdmin).toBe(false);
    expect(loadConfig({ ...base }).seedDevAdmin).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).seedDevAdmin).toBe(false);
  });

  it.each(['test', 'production'])(
    'outside development (%s) requires SESSION_SECRET, UNSUBSCRIBE_SECRET and POST_PREVIEW_SECRET, naming each',
    (NODE_ENV) => {
      expect(() => loadConfig({ NODE_ENV, UNSUBSCRIBE_SECRET, POST_PREVIEW_SECRET })).toThrow(
        /SESSION_SECRET is required outside development/,
      );
      expect(() => loadConfig({ NODE_ENV, SESSION_SECRET, POST_PREVIEW_SECRET })).toThrow(
        /UNSUBSCRIBE_SECRET is required outside development/,
      );
      expect(() => loadConfig({ NODE_ENV, SESSION_SECRET, UNSUBSCRIBE_SECRET })).toThrow(
        /POST_PREVIEW_SECRET is required outside development/,
      );
      expect(() => loadConfig({ NODE_ENV, ...secrets })).not.toThrow();
    },
  );

  it('with NODE_ENV unset and DATABASE_URL set, the secrets are required too', () => {
    expect(() => loadConfig({ DATABASE_URL })).toThrow(/SESSION_SECRET is required/);
  });

  it('refuses UNSUBSCRIBE_SECRET equal to SESSION_SECRET', () => {
    expect(() => loadConfig({ ...base, UNSUBSCRIBE_SECRET: SESSION_SECRET })).toThrow(
      /UNSUBSCRIBE_SECRET must differ from SESSION_SECRET/,
    );
  });

  it.each([SESSION_SECRET, UNSUBSCRIBE_SECRET])(
    'refuses POST_PREVIEW_SECRET equal to another secret',
    (other) => {
      expect(() => loadConfig({ ...base, POST_PREVIEW_SECRET: other })).toThrow(
        /POST_PREVIEW_SECRET must differ from SESSION_SECRET and UNSUBSCRIBE_SECRET/,
      );
    },
  );

  it('development keeps working without any secret, with three different built-in ones', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.SESSION_SECRET).not.toBe(config.UNSUBSCRIBE_SECRET);
    expect(
      new Set([config.SESSION_SECRET, config.UNSUBSCRIBE_SECRET, config.POST_PREVIEW_SECRET]).size,
    ).toBe(3);
  });
});

describe('single sign-on (issue 35)', () => {
  const oidc = {
    OIDC_ISSUER: 'https://login.example.com/realms/staff',
    OIDC_CLIENT_ID: 'wordloom',
    OIDC_CLIENT_SECRET: 'a-client-secret',
  };

  it('is off by default, with JIT accounts off and the groups claim', () => {
    const config = loadConfig(base);
    expect(config.OIDC_ISSUER).toBeUndefined();
    expect(config).toMatchObject({
      OIDC_JIT_ACCOUNTS: false,
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ROLE_MAPPING: [],
      OIDC_SCOPES: 'openid email profile',
    });
  });

  it('reads OIDC_ROLE_MAPPING as group=role pairs, in order; a group may hold "="', () => {
    const config = loadConfig({
      ...base,
      ...oidc,
      OIDC_ROLE_MAPPING: ' wordloom-owners=owner, cn=support,ou=x=support ,a=Night shift',
    });
    expect(config.OIDC_ROLE_MAPPING).toEqual([
      { group: 'wordloom-owners', role: 'owner' },
      { group: 'cn', role: 'support' },
      { group: 'ou=x', role: 'support' },
      { group: 'a', role: 'Night shift' },
    ]);
  });

  it('refuses a mapping without a role, an issuer without its client, and an insecure issuer off loopback or in production', () => {
    expect(() => loadConfig({ ...base, ...oidc, OIDC_ROLE_MAPPING: 'owners' })).toThrow(
      /OIDC_ROLE_MAPPING: "owners" is not group=role/,
    );
    expect(() => loadConfig({ ...base, OIDC_ISSUER: oidc.OIDC_ISSUER })).toThrow(
      /OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ ...base, ...oidc, OIDC_ALLOW_INSECURE_ISSUER: 'true' })).toThrow(
      ConfigError,
    );
    const loopback = { ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4000' };
    expect(loadConfig({ ...base, ...loopback, OIDC_ALLOW_INSECURE_ISSUER: 'true' })).toMatchObject({
      OIDC_ALLOW_INSECURE_ISSUER: true,
    });
    expect(() =>
      loadConfig({
        ...secrets,
        ...loopback,
        NODE_ENV: 'production',
        OIDC_ALLOW_INSECURE_ISSUER: 'true',
      }),
    ).toThrow(/OIDC_ALLOW_INSECURE_ISSUER is for a loopback issuer outside production only/);
  });
});
