import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { pruneLoginThrottle } from '../../auth/login-throttle';
import { KyselySessionStore, type SessionLifetimes } from './session-store';

declare module 'fastify' {
  interface Session {
    userId?: string;
  }
  interface FastifyInstance {
    /** The idle and absolute session lifetimes (SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS). */
    sessionLifetimes: SessionLifetimes;
    /** Sessions live in PostgreSQL, shared by every API instance. */
    sessionStore: KyselySessionStore;
  }
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** The session cookie in development and tests. */
export const SESSION_COOKIE_NAME = 'wl_sid';
/**
 * In production: the `__Host-` prefix makes browsers accept the cookie only when
 * Secure, with Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE_NAME = '__Host-wl_sid';

export function sessionCookieName(config: Pick<Config, 'isProduction'>): string {
  return config.isProduction ? SECURE_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME;
}

function sessionLifetimesOf(config: Config): SessionLifetimes {
  return {
    idleMs: config.SESSION_IDLE_MINUTES * 60 * 1000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 60 * 60 * 1000,
  };
}

export default fp(
  async function sessionPlugin(fastify: FastifyInstance) {
    const { config, db } = fastify;
    const lifetimes = sessionLifetimesOf(config);
    const store = new KyselySessionStore(db, lifetimes);
    fastify.decorate('sessionLifetimes', lifetimes);
    fastify.decorate('sessionStore', store);

    const timer = setInterval(() => {
      store
        .prune()
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'session prune failed'));
      pruneLoginThrottle(db).catch((error: unknown) =>
        fastify.log.warn({ err: error }, 'login throttle prune failed'),
      );
    }, PRUNE_EVERY_MS);
    timer.unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'session', dependencies: ['config', 'db'] },
);

/**
 * The session cookie and `request.session`, for the routes registered in
 * `scope` only: sign-in and the console's routes. The public routes (posts, the
 * forms, analytics) never parse a cookie nor build a session object, which cost
 * them about a tenth of their time per request (issue 13).
 */
export async function withSessions(scope: FastifyInstance): Promise<void> {
  const { config, sessionLifetimes, sessionStore } = scope;
  await scope.register(fastifyCookie);
  await scope.register(fastifySession, {
    secret: config.SESSION_SECRET,
    cookieName: sessionCookieName(config),
    store: sessionStore,
    // No row and no cookie for anonymous visitors.
    saveUninitialized: false,
    // The cookie lives as long as the absolute lifetime; the idle timeout is the
    // store's business, so the row is not rewritten on every request.
    rolling: false,
    cookie: {
      httpOnly: true,
      // Never sent on a request another site starts (CSRF defence in depth).
      sameSite: 'strict',
      secure: config.isProduction,
      path: '/',
      maxAge: sessionLifetimes.absoluteMs,
    },
  });
}
