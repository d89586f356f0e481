import { STATUS_CODES } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { webhookOperations } from './webhooks';

const WEBHOOKS_TAG = {
  name: 'webhooks',
  description: 'What Wordloom POSTs to your webhook endpoints (signed per Standard Webhooks)',
};

/**
 * The two OpenAPI documents the API serves and the repository commits (issue 33):
 * `admin` is the whole API (GET /api/admin/openapi.json, docs/openapi/admin.json),
 * `public` the same without the admin API (GET /api/openapi.json,
 * docs/openapi/public.json). Both are built from @fastify/swagger's document here and
 * nowhere else, so the served and the committed documents are the same.
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, Json>;
}
interface Document extends Json {
  paths?: Record<string, Record<string, Operation>>;
  tags?: { name: string }[];
  components?: {
    schemas?: Record<string, unknown>;
    securitySchemes?: Record<string, unknown>;
  } & Json;
}

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/**
 * The last step of @fastify/swagger's document: every error answer refers to the one
 * `ErrorBody` schema as JSON (the plugin copies a referenced schema into each answer,
 * under the route's own media type), and an answer without a description gets its
 * status's name instead of "Default Response".
 */
export function finishDocument<D extends object>(document: D): D {
  const full = document as Document;
  const errorBody = full.components?.schemas?.ErrorBody;
  for (const item of Object.values(full.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description === 'Default Response') {
          response.description = STATUS_CODES[Number(status)] ?? 'Answer';
        }
        if (Number(status) < 400 || !response.content) continue;
        const content = response.content as Record<string, Json>;
        for (const [type, media] of Object.entries(content)) {
          const isErrorBody =
            isDeepStrictEqual(media.schema, errorBody) ||
            (media.schema as Json | undefined)?.$ref === ERROR_BODY_REF;
          if (!isErrorBody) continue;
          // A route that produces CSV, HTML or an image still answers its errors in JSON
          // (plugins/external/error-handler.ts); the plugin files them under its type.
          delete content[type];
          content['application/json'] = { schema: { $ref: ERROR_BODY_REF } };
        }
      }
    }
  }
  return document;
}

/** Every `$ref` target under `value`. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child);
      else refsIn(child, found);
    }
  }
  return found;
}

/** Without the component schemas nothing refers to, and the tags and security schemes no operation uses. */
function pruned(document: Document): Document {
  const schemas = { ...document.components?.schemas };
  // A schema may refer to another: drop the unreferenced until none is left.
  for (;;) {
    const used = refsIn({ ...document, components: { ...document.components, schemas } });
    const unused = Object.keys(schemas).filter((name) => !used.has(`#/components/schemas/${name}`));
    if (unused.length === 0) break;
    for (const name of unused) delete schemas[name];
  }
  const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item));
  const usedTags = new Set([
    ...operations.flatMap((operation) => operation.tags ?? []),
    WEBHOOKS_TAG.name,
  ]);
  const usedSchemes = new Set(
    operations.flatMap((operation) => (operation.security ?? []).flatMap(Object.keys)),
  );
  const securitySchemes = Object.fromEntries(
    Object.entries(document.components?.securitySchemes ?? {}).filter(([name]) =>
      usedSchemes.has(name),
    ),
  );
  return {
    ...document,
    tags: (document.tags ?? []).filter((tag) => usedTags.has(tag.name)),
    components: { ...document.components, schemas, securitySchemes },
  };
}

/** The document without the admin API (issue 19): its operations are tagged 'admin'. */
function withoutAdmin(full: Document): Document {
  const paths = Object.entries(full.paths ?? {}).flatMap(([path, item]) => {
    const operations = Object.entries(item).filter(([, op]) => !op.tags?.includes('admin'));
    return operations.length > 0 ? [[path, Object.fromEntries(operations)] as const] : [];
  });
  return { ...full, paths: Object.fromEntries(paths) };
}

export interface ApiDocuments {
  public: object;
  admin: object;
}

/** Both documents from @fastify/swagger's (`fastify.swagger()`). */
export function apiDocuments(swaggerDocument: object): ApiDocuments {
  const full = swaggerDocument as Document;
  // Issue 34: both describe the webhooks a receiver gets (OpenAPI 3.1 `webhooks`).
  const webhooks = webhookOperations();
  const tags = [...(full.tags ?? []), WEBHOOKS_TAG];
  return {
    public: { ...pruned(withoutAdmin({ ...full, tags })), webhooks },
    admin: { ...pruned({ ...full, tags }), webhooks },
  };
}

/** A document as it is committed: two-space JSON and a final newline. */
export function serialiseDocument(document: object): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
