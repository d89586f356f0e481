import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { KyselySessionStore } from './session-store';

declare module 'fastify' {
  interface Session {
    userId?: string;
  }
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

export const SESSION_COOKIE_NAME = 'wl_sid';

export default fp(
  async function sessionPlugin(fastify: FastifyInstance) {
    const { config, db } = fastify;
    const ttlMs = config.SESSION_TTL_HOURS * 60 * 60 * 1000;
    const store = new KyselySessionStore(db, ttlMs);

    await fastify.register(fastifyCookie);
    await fastify.register(fastifySession, {
      secret: config.SESSION_SECRET,
      cookieName: SESSION_COOKIE_NAME,
      store,
      // No row and no cookie for anonymous visitors.
      saveUninitialized: false,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
        path: '/',
        maxAge: ttlMs,
      },
    });

    const timer = setInterval(() => {
      store
        .prune()
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'session prune failed'));
    }, PRUNE_EVERY_MS);
    timer.unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'session', dependencies: ['config', 'db'] },
);
