import swagger from '@fastify/swagger';
import { errorBodySchema, type RoutePermission, SIGNED_IN } from '@repo/validation';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { finishDocument } from '../../openapi/documents';
import { operationIdFor, summaryFromOperationId } from '../../openapi/operation-names';

/** The credentials an admin route accepts (plugins/app/admin-auth.ts). */
export const ADMIN_SECURITY: Record<string, string[]>[] = [{ apiKey: [] }, { session: [] }];
/** Routes for a signed-in console session only (the account's own security, who am I). */
export const SESSION_SECURITY: Record<string, string[]>[] = [{ session: [] }];

/**
 * An onRoute hook that files a plugin's routes in the documents under `tag` with
 * `security`, unless a route says otherwise.
 */
export function documentRoutesAs(tag: string, security: Record<string, string[]>[]) {
  return (route: RouteOptions) => {
    route.schema = { tags: [tag], security, ...route.schema };
  };
}

/**
 * The version of the contract (issue 33): raised with every breaking change, which
 * docs/api-changelog.md records under a heading of this number.
 */
const API_VERSION = '2.0.0';

const DESCRIPTION = `The Wordloom API: the public forms of the site and the admin API behind the console.

Every error answers \`{ message, type?, issues? }\` (see the \`ErrorBody\` schema).

## Calling the admin API with a key

Create a key in the console (API Keys tab). The full key (\`wl_<live|test>_<key id>_<secret>\`)
is shown once; send it as a bearer token:

\`\`\`sh
curl -H "Authorization: Bearer wl_live_3f9c0a1b2c3d4e5f_<secret>" \\
  "https://api.example.com/api/admin/waitlist?page=1&pageSize=25"
\`\`\`

A key holds the permissions chosen when it was made (never more than its creator's role, and
never \`keys:manage\` or \`staff:manage\`: keys and staff need a signed-in session); a route it
lacks the permission for answers 403 \`missing_permission\` naming it. A key expires after the
days chosen (90 by default) unless made to never expire. Requests that send a body send JSON
(\`Content-Type: application/json\`).

This document holds the public routes; the admin API's is \`GET /api/admin/openapi.json\`,
for a signed-in session or a key.`;

interface OperationSchema {
  hide?: boolean;
  tags?: string[];
  description?: string;
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  response?: Record<string, unknown>;
  'x-permission'?: RoutePermission;
}

/**
 * Each admin operation names the permission its route declares (`config.permission`):
 * as `x-permission` for tools, and in its description for readers.
 */
function statePermission(schema: OperationSchema, permission: RoutePermission): void {
  schema['x-permission'] = permission;
  const sentence =
    permission === SIGNED_IN
      ? 'Permission: any signed-in session or API key (`signed-in`).'
      : `Permission: \`${permission}\` (a role or an API key holding it; else 403 \`missing_permission\`).`;
  schema.description = schema.description ? `${schema.description}\n\n${sentence}` : sentence;
}

/**
 * Collects every route's schemas into an OpenAPI 3.1 document (issue 10):
 * the zod schemas are turned into JSON Schema by fastify-type-provider-zod.
 * Registered before the routes, whose onRoute hook it needs.
 */
export default fp(
  async function openapi(fastify: FastifyInstance) {
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Wordloom API',
          version: API_VERSION,
          description: DESCRIPTION,
          // The site's contact page and terms (spec: /contact, /about#terms).
          contact: {
            name: 'Wordloom',
            email: 'beta@wordloom.ai',
            url: 'https://wordloom.ai/contact',
          },
          license: { name: 'Proprietary', url: 'https://wordloom.ai/about#terms' },
        },
        // Relative: the origin that serves this document (API_PUBLIC_URL; the front ends
        // forward /api/* on their own origins), so "Try it out" stays on that origin.
        servers: [{ url: '/', description: 'The origin serving this document' }],
        tags: [
          { name: 'public', description: 'The site: forms, posts, analytics, unsubscribing' },
          { name: 'auth', description: 'Staff accounts: sign-in, registration, invitations' },
          {
            name: 'account',
            description: "The signed-in staff member's own second factors (a console session)",
          },
          { name: 'admin', description: 'The admin API: an API key or a signed-in session' },
        ],
        components: {
          securitySchemes: {
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'wl_<live|test>_<16 hex key id>_<43 character secret>',
              description: 'An API key from the console, as `Authorization: Bearer wl_...`.',
            },
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: '__Host-wl_sid',
              description:
                "The console's session (POST /api/login); state-changing requests also need the console's Origin.",
            },
          },
        },
      },
      // Routes that name no tag are the public site's. A route's permission is read
      // from its config, the one place requireAdmin reads it too (issue 31).
      // Issue 33: every operation gets an operationId (openapi/operation-names.ts), a
      // summary, and security (none unless the route names some); every route under the
      // global rate limit documents its 429.
      transform: (route) => {
        const declared = route.schema as OperationSchema | undefined;
        const limited = route.route.config?.rateLimit !== false && !declared?.response?.[429];
        const transformed = jsonSchemaTransform(
          declared && limited
            ? {
                ...route,
                schema: { ...declared, response: { ...declared.response, 429: errorBodySchema } },
              }
            : route,
        );
        const schema = transformed.schema as OperationSchema | undefined;
        if (!schema || schema.hide) return transformed;
        schema.tags ??= ['public'];
        const permission = route.route.config?.permission;
        if (permission) statePermission(schema, permission);
        const method = [route.route.method].flat()[0] ?? 'GET';
        schema.operationId ??= operationIdFor(
          method,
          route.url,
          Object.keys(schema.response ?? {}),
        );
        schema.summary ??= summaryFromOperationId(schema.operationId);
        schema.security ??= [];
        return transformed;
      },
      transformObject: (document) => finishDocument(jsonSchemaTransformObject(document)),
    });
  },
  { name: 'openapi' },
);
