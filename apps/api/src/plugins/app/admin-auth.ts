import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { AppError, forbidden, unauthorized } from '../../errors';
import { parseApiKey, secretMatches } from '../../api-keys/api-key-secret';
import { findActiveApiKey, touchApiKey } from '../../api-keys/api-keys-repository';
import { type PublicUser } from '../../auth/users-repository';
import { sessionUser } from './authentication';

type AdminPrincipal =
  { kind: 'session'; user: PublicUser } | { kind: 'api-key'; apiKeyId: string; keyId: string };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest/preHandler hook: a signed-in session or a valid API key
     * (`Authorization: Bearer wl_...`), else 401. Session requests that change
     * state must also come from an allowed origin, else 403 (CSRF).
     */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    admin: AdminPrincipal | null;
  }
}

const INVALID_API_KEY = 'Invalid or revoked API key';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_MESSAGE =
  'Cross-site request refused: state-changing admin requests must come from the admin console';

export const TEXT_PLAIN_MESSAGE =
  'Admin requests must send JSON (application/json), not text/plain';

/**
 * Origins allowed to make state-changing session requests: the admin console and
 * ADMIN_ALLOWED_ORIGINS. Not the public site: a script injected there must not act
 * with a staff member's session.
 */
export function allowedOrigins(config: Config): Set<string> {
  return new Set([new URL(config.ADMIN_URL).origin, ...config.ADMIN_ALLOWED_ORIGINS]);
}

/** Throws 403 unless a state-changing request states an allowed origin. */
export function assertAllowedOrigin(request: FastifyRequest, origins: Set<string>): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = statedOrigin(request);
  if (!origin || !origins.has(origin)) throw forbidden(CSRF_MESSAGE, 'csrf');
}

/**
 * text/plain is a "simple" content type a cross-site form or sendBeacon may send
 * without a CORS preflight; its parser exists for analytics beacons only.
 */
function isTextPlain(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && type.split(';')[0]!.trim().toLowerCase() === 'text/plain';
}

/** The origin a browser states for the request: Origin, or failing that the Referer's. */
function statedOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

export default fp(
  async function adminAuth(fastify: FastifyInstance) {
    const { config, db } = fastify;
    const origins = allowedOrigins(config);
    fastify.decorateRequest('admin', null);

    async function fromApiKey(request: FastifyRequest, authorization: string) {
      const [scheme, value, ...rest] = authorization.trim().split(/\s+/);
      const parsed =
        scheme?.toLowerCase() === 'bearer' && value && rest.length === 0
          ? parseApiKey(value)
          : undefined;
      if (!parsed) throw unauthorized(INVALID_API_KEY);
      const key = await findActiveApiKey(db, parsed.keyId);
      if (
        !key ||
        key.environment !== parsed.environment ||
        !secretMatches(parsed.secret, key.secretHash)
      ) {
        throw unauthorized(INVALID_API_KEY);
      }
      await touchApiKey(db, key.id);
      request.admin = { kind: 'api-key', apiKeyId: key.id, keyId: key.keyId };
    }

    fastify.decorate('requireAdmin', async (request: FastifyRequest) => {
      // An API key carries no ambient credential, so it needs no CSRF check.
      const authorization = request.headers.authorization;
      if (authorization !== undefined) {
        await fromApiKey(request, authorization);
      } else {
        // Only an active account: a disabled (or pending) one's sessions stop at once.
        const user = await sessionUser(fastify, request);
        if (!user) throw unauthorized();
        assertAllowedOrigin(request, origins);
        request.user = user;
        request.admin = { kind: 'session', user };
      }
      if (isTextPlain(request))
        throw new AppError(415, TEXT_PLAIN_MESSAGE, 'unsupported_media_type');
    });
  },
  { name: 'admin-auth', dependencies: ['db', 'session', 'authentication'] },
);
