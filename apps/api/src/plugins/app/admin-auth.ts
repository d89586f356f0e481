import {
  API_KEY_MESSAGES,
  type Permission,
  type RoutePermission,
  SIGNED_IN,
  TWO_FACTOR_MESSAGES,
} from '@repo/validation';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { AppError, forbidden, missingPermission, unauthorized } from '../../errors';
import { parseApiKey, secretMatches } from '../../api-keys/api-key-secret';
import { findApiKeyForAuth, touchApiKey } from '../../api-keys/api-keys-repository';
import { mustEnrolSecondFactor } from '../../two-factor/two-factor-repository';
import { type PublicUser } from '../../auth/users-repository';
import { findAccountAccess, type RoleRef } from '../../roles/roles-repository';
import { sessionUser } from './authentication';

/** Who calls an admin route, and what it may do (its role's permissions, or the key's scopes). */
type AdminPrincipal =
  | { kind: 'session'; user: PublicUser; role: RoleRef; permissions: ReadonlySet<Permission> }
  | { kind: 'api-key'; apiKeyId: string; keyId: string; permissions: ReadonlySet<Permission> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission an admin route needs (issue 19): every route under
     * /api/admin, and /api/analytics/dashboard, must declare one, or the API
     * refuses to start. `signed-in`: any staff session or key.
     */
    permission?: RoutePermission;
  }
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

/** The route's declared permission: a route that forgot one fails at start (see below). */
function declaredPermission(request: FastifyRequest): RoutePermission {
  const permission = request.routeOptions.config.permission;
  // Unreachable past the start-up check; refused rather than allowed if it ever is.
  if (!permission) throw new Error(`${request.method} ${request.url} declares no permission`);
  return permission;
}

/** Throws at start when an admin route declares no permission (`config: { permission }`). */
export function assertPermissionDeclared(route: RouteOptions): void {
  if (!route.config?.permission) {
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(
      `Admin route ${methods} ${route.url} declares no permission: add config: { permission: '...' } (see @repo/validation roles.ts)`,
    );
  }
}
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

    async function fromApiKey(
      request: FastifyRequest,
      authorization: string,
    ): Promise<AdminPrincipal> {
      const [scheme, value, ...rest] = authorization.trim().split(/\s+/);
      const parsed =
        scheme?.toLowerCase() === 'bearer' && value && rest.length === 0
          ? parseApiKey(value)
          : undefined;
      if (!parsed) throw unauthorized(INVALID_API_KEY);
      const key = await findApiKeyForAuth(db, parsed.keyId);
      if (
        !key ||
        key.environment !== parsed.environment ||
        !secretMatches(parsed.secret, key.secretHash)
      ) {
        throw unauthorized(INVALID_API_KEY);
      }
      // Told apart only to the holder of the secret: the key itself is proven above.
      if (!key.isActive) throw new AppError(401, API_KEY_MESSAGES.revoked, 'api_key_revoked');
      if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) {
        throw new AppError(401, API_KEY_MESSAGES.expired(key.expiresAt), 'api_key_expired');
      }
      // A key never does more than its creator could today: a disabled creator's keys stop.
      if (!key.creatorActive) {
        throw new AppError(401, API_KEY_MESSAGES.creatorDisabled, 'api_key_creator_disabled');
      }
      await touchApiKey(db, key.id, request.ip);
      return {
        kind: 'api-key',
        apiKeyId: key.id,
        keyId: key.keyId,
        permissions: new Set(key.permissions),
      };
    }

    async function fromSession(request: FastifyRequest): Promise<AdminPrincipal> {
      // Only an active account: a disabled (or pending) one's sessions stop at once.
      const user = await sessionUser(fastify, request);
      if (!user) throw unauthorized();
      assertAllowedOrigin(request, origins);
      // The role is read on every request: a change applies on the next one, not the next sign-in.
      const access = await findAccountAccess(db, user.id);
      if (!access) throw unauthorized();
      // The two-factor policy requires a second factor this account has not set up: it
      // may enrol (/api/account), and nothing else until it has (issue 19).
      // Not after a provider sign-in (issue 35): the provider asked for its own factors.
      if (
        request.session?.signInMethod?.kind !== 'oidc' &&
        (await mustEnrolSecondFactor(db, user.id, access.role.id))
      ) {
        throw forbidden(TWO_FACTOR_MESSAGES.enrolmentRequired, 'second_factor_enrolment_required');
      }
      request.user = user;
      return { kind: 'session', user, role: access.role, permissions: new Set(access.permissions) };
    }

    // Every /api/admin route, and any route that calls requireAdmin itself (the
    // analytics dashboard), must declare its permission: else the API does not start.
    fastify.addHook('onRoute', (route) => {
      const hooks = [route.onRequest, route.preHandler].flat();
      if (route.url.startsWith('/api/admin/') || hooks.includes(fastify.requireAdmin)) {
        assertPermissionDeclared(route);
      }
    });

    fastify.decorate('requireAdmin', async (request: FastifyRequest) => {
      // An API key carries no ambient credential, so it needs no CSRF check.
      const authorization = request.headers.authorization;
      const admin =
        authorization !== undefined
          ? await fromApiKey(request, authorization)
          : await fromSession(request);
      request.admin = admin;
      // Least privilege (issue 19): the route's declared permission, else 403 naming it.
      const permission = declaredPermission(request);
      if (permission !== SIGNED_IN && !admin.permissions.has(permission)) {
        throw missingPermission(permission);
      }
      if (isTextPlain(request))
        throw new AppError(415, TEXT_PLAIN_MESSAGE, 'unsupported_media_type');
    });
  },
  { name: 'admin-auth', dependencies: ['db', 'session', 'authentication'] },
);
