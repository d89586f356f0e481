import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { apiDocuments } from '../../../openapi/documents';
import { type ApiInstance, errorResponses } from '../../../route-schemas';

/** Seconds a client or cache may keep the document and the page (they change with a deploy). */
const MAX_AGE_SECONDS = 300;

/**
 * The reference page loads its script and styles from here (no CDN) and talks only
 * to this origin: the document and, with "Try it out", the API itself.
 */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wordloom API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/docs.js"></script>
</body>
</html>`;

// No badge from validator.swagger.io: the page loads nothing from elsewhere. Swagger UI's
// base layout has no switch between documents, so the address chooses: `?api=admin` is the
// whole document, admin API included, which answers only a signed-in session (the
// browser's cookie) or a key, 401 otherwise; without it, the public document.
const INITIALIZER = `const admin = new URLSearchParams(window.location.search).get('api') === 'admin';
window.ui = SwaggerUIBundle({
  url: admin ? '/api/admin/openapi.json' : '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  // Groups start closed: the admin document's 150 operations, all listed at once, stalled
  // Swagger UI's first render (issue 34 grew it past that point); a group opens on a click.
  docExpansion: 'none',
});
`;

/** Swagger UI's own build (swagger-ui-dist), read once from node_modules. */
const distDir = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);
const ASSETS = {
  'swagger-ui.css': {
    type: 'text/css; charset=utf-8',
    body: readFileSync(path.join(distDir, 'swagger-ui.css'), 'utf8'),
  },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(path.join(distDir, 'swagger-ui-bundle.js'), 'utf8'),
  },
  'docs.js': { type: 'text/javascript; charset=utf-8', body: INITIALIZER },
} as const;
type AssetName = keyof typeof ASSETS;

const assetParamsSchema = z.object({
  file: z.enum(Object.keys(ASSETS) as [AssetName, ...AssetName[]], { error: 'Not found' }),
});
const textSchema = z.string();

/**
 * GET /api/openapi.json (OpenAPI 3.1, from the routes' schemas: the public and
 * sign-in routes only; the admin API's document is GET /api/admin/openapi.json,
 * for a session or key) and the reference page for humans, GET /api/docs
 * (Swagger UI). Both public; left out of the document.
 */
export default async function docsRoutes(fastify: ApiInstance) {
  let document: string | undefined;

  // Serialised once: the routes do not change while the process runs.
  fastify.get(
    '/openapi.json',
    {
      schema: {
        hide: true,
        response: {
          200: {
            description: 'The OpenAPI 3.1 document of this API',
            content: { 'application/json': { schema: z.unknown() } },
          },
        },
      },
    },
    async (_request, reply) => {
      document ??= JSON.stringify(apiDocuments(fastify.swagger()).public);
      return reply
        .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
        .type('application/json; charset=utf-8')
        .send(document);
    },
  );

  fastify.get(
    '/docs',
    {
      schema: {
        hide: true,
        response: { 200: { content: { 'text/html': { schema: textSchema } } } },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
        .header('content-security-policy', DOCS_CSP)
        .type('text/html; charset=utf-8')
        .send(PAGE),
  );

  fastify.get(
    '/docs/assets/:file',
    {
      schema: {
        hide: true,
        params: assetParamsSchema,
        response: {
          200: {
            content: {
              'text/css': { schema: textSchema },
              'text/javascript': { schema: textSchema },
            },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const asset = ASSETS[request.params.file];
      return reply
        .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
        .header('content-security-policy', DOCS_CSP)
        .type(asset.type)
        .send(asset.body);
    },
  );
}
