import type { DB } from '@repo/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
  }
}

/** Makes the configuration and the database available to every plugin and route. */
export const configPlugin = fp(
  async function config(fastify: FastifyInstance, options: { config: Config }) {
    fastify.decorate('config', options.config);
  },
  { name: 'config' },
);

export const dbPlugin = fp(
  async function db(fastify: FastifyInstance, options: { db: DB }) {
    fastify.decorate('db', options.db);
  },
  { name: 'db' },
);
