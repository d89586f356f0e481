import { z } from 'zod';

const DEV_SESSION_SECRET = 'development-only-session-secret-change-me-please';
const DEV_UNSUBSCRIBE_SECRET = 'development-only-unsubscribe-secret-change-me-too';
const DEV_POST_PREVIEW_SECRET = 'development-only-post-preview-secret-change-me-three';

const booleanish = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const port = z.coerce.number().int().min(1).max(65535);

/** A comma-separated list of origins (scheme://host[:port]). */
const originList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const item of value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)) {
      try {
        origins.push(new URL(item).origin);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `"${item}" is not an origin such as https://admin.example.com`,
        });
      }
    }
    return origins;
  });

const envSchema = z
  .object({
    // Unset: 'production' with DATABASE_URL, 'development' without (see loadConfig).
    NODE_ENV: z.enum(['development', 'test', 'production']),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    API_HOST: z.string().min(1).default('0.0.0.0'),
    API_PORT: port.default(3001),
    /** Prometheus metrics at GET /metrics on a listener of their own (issue 21); 0 turns them off. */
    API_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    /** Loopback unless set: the images set 0.0.0.0, where Prometheus scrapes the pod (issue 31). */
    API_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** When set, every metrics listener (API, site, console) wants it as a bearer token. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** Issue 32: the longest a console statement may run (503 with Retry-After past it). */
    ADMIN_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    PGLITE_DATA_DIR: z.string().min(1).default('.data/pglite'),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    /** A session unused for this many minutes ends (enforced on the server). */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(60),
    /** A session ends this many hours after sign-in, however busy; the cookie lives as long. */
    SESSION_ABSOLUTE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    ADMIN_EMAIL_DOMAINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
          .filter(Boolean),
      ),
    /**
     * Needed to create the first account through POST /api/register. Unset: a random token is
     * generated at start and printed in the API log while no account exists.
     */
    ADMIN_SETUP_TOKEN: z
      .string()
      .min(16, 'ADMIN_SETUP_TOKEN must be at least 16 characters')
      .optional(),
    DEV_ADMIN_USERNAME: z.string().min(2).default('admin'),
    DEV_ADMIN_PASSWORD: z.string().min(4).default('wordloom-dev'),
    TRUST_PROXY: z.string().default('loopback'),
    PUBLIC_SITE_URL: z.url().default('http://localhost:3000'),
    ADMIN_URL: z.url().default('http://localhost:3002'),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(64 * 1024),
    RATE_LIMIT_ENABLED: booleanish.default(true),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_FORMS_MAX: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
    /** Analytics batches per client address and minute. */
    RATE_LIMIT_ANALYTICS_MAX: z.coerce.number().int().min(1).default(120),
    /** Analytics events older than this (by received_at) are purged daily; 395 days is about 13 months. */
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(395),
    /** Issue 11: unconfirmed waitlist signups are purged after this many days. */
    UNCONFIRMED_SIGNUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /**
     * Issue 11: places a confirmed referral moves its referrer up the queue. The stored
     * queue keys follow it: a new value recomputes those with referrals at start (issue 32).
     */
    REFERRAL_BOOST_PLACES: z.coerce.number().int().min(0).max(1000).default(5),
    /**
     * Load shedding: answer 503 with Retry-After while the event loop lags more than this
     * (ms) or the heap holds more than LOAD_SHEDDING_MAX_HEAP_MB. 0 turns a check off.
     * Off by default under NODE_ENV=test, where a busy machine must not fail a test.
     */
    LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
    LOAD_SHEDDING_MAX_HEAP_MB: z.coerce.number().int().min(0).optional(),
    /** Shared rate-limit counters for several API instances (redis://host:port). Unset: per instance. */
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** Origins besides ADMIN_URL allowed to make state-changing admin requests (CSRF check). */
    ADMIN_ALLOWED_ORIGINS: originList,
    /** The API's own public address; unsubscribe links point here. */
    API_PUBLIC_URL: z.url().default('http://localhost:3001'),
    /** Signs unsubscribe links; required outside development, and not equal to SESSION_SECRET. */
    UNSUBSCRIBE_SECRET: z
      .string()
      .min(32, 'UNSUBSCRIBE_SECRET must be at least 32 characters')
      .optional(),
    /**
     * Signs the blog's preview links (issue 23); required outside development, and
     * not equal to the other secrets.
     */
    POST_PREVIEW_SECRET: z
      .string()
      .min(32, 'POST_PREVIEW_SECRET must be at least 32 characters')
      .optional(),
    /** Without a token, mail is captured in the outbox and never leaves the machine. */
    POSTMARK_SERVER_TOKEN: z.string().trim().min(1).optional(),
    /** host[:port] of a Postmark-compatible API reached over plain HTTP (tests, local fakes). */
    POSTMARK_API_HOST: z.string().trim().min(1).optional(),
    POSTMARK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    POSTMARK_TRANSACTIONAL_STREAM: z.string().trim().min(1).default('outbound'),
    POSTMARK_BROADCAST_STREAM: z.string().trim().min(1).default('broadcast'),
    /**
     * HTTP basic credentials Postmark sends with its webhooks (set them in the
     * webhook's URL there). Unset: the webhook endpoint answers 404.
     */
    POSTMARK_WEBHOOK_USERNAME: z.string().trim().min(1).optional(),
    POSTMARK_WEBHOOK_PASSWORD: z
      .string()
      .min(16, 'POSTMARK_WEBHOOK_PASSWORD must be at least 16 characters')
      .optional(),
    EMAIL_FROM: z.string().trim().min(3).default('Wordloom <beta@wordloom.ai>'),
    EMAIL_WORKER_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
    /**
     * Issue 34: let webhook endpoints point at loopback, private, link-local and other
     * internal addresses (an on-premises receiver; the tests' loopback receiver). Off by
     * default: webhooks only go to the public internet.
     */
    WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: booleanish.default(false),
    /** How often each instance looks for due webhook deliveries. */
    WEBHOOK_WORKER_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
    EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
    /** First retry delay; each further retry doubles it (with jitter), up to one hour. */
    EMAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
    /**
     * Issue 11: a beta invitation holds its seat this many days, then lapses unless
     * accepted. Fractions count (0.5 is 12 hours).
     */
    INVITATION_HOLD_DAYS: z.coerce.number().positive().max(90).default(7),
    // --- Single sign-on (issue 35): OpenID Connect; unset OIDC_ISSUER turns it off. ---
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** Shown on the sign-in page as "Sign in with <name>". */
    OIDC_DISPLAY_NAME: z.string().trim().min(1).max(60).default('single sign-on'),
    /** Unset: ADMIN_URL + /api/auth/oidc/callback (the console serves the API under /api). */
    OIDC_REDIRECT_URI: z.url().optional(),
    /** Create an account at the first sign-in of an allowed, verified address (else invited ones only). */
    OIDC_JIT_ACCOUNTS: booleanish.default(false),
    /** Scopes asked of the provider; `openid` and `email` are needed (Okta wants `groups` for groups). */
    OIDC_SCOPES: z.string().trim().min(1).default('openid email profile'),
    OIDC_ROLE_CLAIM: z.string().trim().min(1).default('groups'),
    /** `group=role,group=role`: the first pair whose group the person has gives the role. */
    OIDC_ROLE_MAPPING: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const pairs: { group: string; role: string }[] = [];
        for (const item of value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)) {
          const at = item.lastIndexOf('=');
          const group = item.slice(0, at).trim();
          const role = item.slice(at + 1).trim();
          if (at < 0 || !group || !role) {
            ctx.addIssue({ code: 'custom', message: `"${item}" is not group=role` });
          } else pairs.push({ group, role });
        }
        return pairs;
      }),
    /** Tests only: an http issuer on a loopback address. */
    OIDC_ALLOW_INSECURE_ISSUER: booleanish.default(false),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.POSTMARK_WEBHOOK_USERNAME) !== Boolean(env.POSTMARK_WEBHOOK_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['POSTMARK_WEBHOOK_PASSWORD'],
        message: 'POSTMARK_WEBHOOK_USERNAME and POSTMARK_WEBHOOK_PASSWORD are set together',
      });
    }
    if (env.OIDC_ISSUER && !(env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_CLIENT_ID'],
        message: 'OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
      });
    }
    if (env.OIDC_ALLOW_INSECURE_ISSUER) {
      const host = env.OIDC_ISSUER ? new URL(env.OIDC_ISSUER).hostname : '';
      if (!['127.0.0.1', 'localhost', '[::1]'].includes(host) || env.NODE_ENV === 'production') {
        ctx.addIssue({
          code: 'custom',
          path: ['OIDC_ALLOW_INSECURE_ISSUER'],
          message: 'OIDC_ALLOW_INSECURE_ISSUER is for a loopback issuer outside production only',
        });
      }
    }
    // Outside development the secrets are the operator's, and separate: a leaked
    // unsubscribe secret must not let anyone forge sessions.
    if (env.NODE_ENV === 'development') return;
    for (const name of ['SESSION_SECRET', 'UNSUBSCRIBE_SECRET', 'POST_PREVIEW_SECRET'] as const) {
      if (!env[name]) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is required outside development (NODE_ENV=${env.NODE_ENV})`,
        });
      }
    }
    if (env.SESSION_SECRET && env.SESSION_SECRET === env.UNSUBSCRIBE_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['UNSUBSCRIBE_SECRET'],
        message: 'UNSUBSCRIBE_SECRET must differ from SESSION_SECRET',
      });
    }
    if (
      env.POST_PREVIEW_SECRET &&
      (env.POST_PREVIEW_SECRET === env.SESSION_SECRET ||
        env.POST_PREVIEW_SECRET === env.UNSUBSCRIBE_SECRET)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['POST_PREVIEW_SECRET'],
        message: 'POST_PREVIEW_SECRET must differ from SESSION_SECRET and UNSUBSCRIBE_SECRET',
      });
    }
  })
  .transform((env) => ({
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    UNSUBSCRIBE_SECRET: env.UNSUBSCRIBE_SECRET ?? DEV_UNSUBSCRIBE_SECRET,
    POST_PREVIEW_SECRET: env.POST_PREVIEW_SECRET ?? DEV_POST_PREVIEW_SECRET,
    isProduction: env.NODE_ENV === 'production',
    LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS:
      env.LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS ?? (env.NODE_ENV === 'test' ? 0 : 500),
    LOAD_SHEDDING_MAX_HEAP_MB:
      env.LOAD_SHEDDING_MAX_HEAP_MB ?? (env.NODE_ENV === 'test' ? 0 : 1_536),
    /** The known dev admin exists only in development on the embedded database. */
    seedDevAdmin: env.NODE_ENV === 'development' && !env.DATABASE_URL,
  }));

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {}

/**
 * Reads the configuration once, at start. A bad value stops the process with a
 * message naming the variable.
 */
/** The process environment, for the command-line tools (src/cli) that read a few extra variables. */
export function processEnvironment(): Record<string, string | undefined> {
  return process.env;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Treat empty strings as unset, as .env files commonly leave `NAME=`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  // An unset NODE_ENV never means development against a real database.
  cleaned.NODE_ENV ??= cleaned.DATABASE_URL ? 'production' : 'development';
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
