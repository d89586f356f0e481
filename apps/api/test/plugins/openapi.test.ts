import { describe, expect, it } from 'vitest';
import { useRouteContext } from '../helpers/use-context';
import { insertStaffUser, sessionFor, signInAdmin } from '../helpers/admin';

const { ctx, routes } = useRouteContext();

type Json = Record<string, unknown>;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

async function openapiDocument(): Promise<Json> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The whole document, admin API included: a signed-in session's. */
async function adminDocument(): Promise<Json> {
  const { headers } = await signInAdmin(ctx);
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/openapi.json',
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Every `$ref` in `value`, with where it was found. */
function refs(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => refs(item, `${at}/${index}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$ref' && typeof child === 'string'
      ? [{ ref: child, at }]
      : refs(child, `${at}/${key}`),
  );
}

function resolve(document: Json, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined),
      document,
    );
}

describe('GET /api/openapi.json', () => {
  it('is public and cacheable JSON', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  it('is a structurally valid OpenAPI 3.1 document', async () => {
    const document = await openapiDocument();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const info = document.info as Json;
    expect(typeof info.title).toBe('string');
    expect(typeof info.version).toBe('string');
    const paths = document.paths as Record<string, Json>;
    expect(Object.keys(paths).length).toBeGreaterThan(0);
    for (const [path, item] of Object.entries(paths)) {
      expect(path).toMatch(/^\//);
      for (const [method, operation] of Object.entries(item)) {
        expect(HTTP_METHODS, `${method} ${path}`).toContain(method);
        const responses = (operation as Json).responses as Json;
        expect(Object.keys(responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(responses)) {
          expect(status, `${method} ${path}`).toMatch(/^([1-5]XX|[1-5]\d\d|default)$/);
          expect(typeof (response as Json).description, `${method} ${path} ${status}`).toBe(
            'string',
          );
        }
        // Path templates and path parameters agree.
        const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
        const declared = (((operation as Json).parameters as Json[] | undefined) ?? [])
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name)
          .sort();
        expect(declared, `${method} ${path}`).toEqual(templated);
      }
    }
    for (const { ref, at } of refs(document)) {
      expect(resolve(document, ref), `${ref} at ${at}`).toBeDefined();
    }
  });

  it('lists every route of the API (the admin document)', async () => {
    const document = await adminDocument();
    const paths = document.paths as Record<string, Json>;
    const listed = new Set(
      Object.entries(paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const expected = routes
      .filter((route) => route.url.startsWith('/api/') && !route.schema?.hide)
      .flatMap((route) =>
        [route.method].flat().map((method) => `${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`),
      );
    expect(expected.length).toBeGreaterThanOrEqual(60);
    expect(expected.filter((route) => !listed.has(route))).toEqual([]);
  });

  it('states on every admin operation the permission its route declares (x-permission and the description)', async () => {
    const document = await adminDocument();
    const paths = document.paths as Record<string, Record<string, Json>>;
    const declared = routes.filter((route) => route.config?.permission && !route.schema?.hide);
    // Not vacuous: the admin routes are there, and the one the issue names among them.
    expect(declared.length).toBeGreaterThanOrEqual(60);
    const stated = new Map<string, unknown>();
    for (const route of declared) {
      for (const method of [route.method].flat()) {
        const path = route.url.replace(/:(\w+)/g, '{$1}');
        const operation = paths[path]?.[method.toLowerCase()];
        const where = `${method} ${path}`;
        expect(operation, where).toBeDefined();
        stated.set(where, operation?.['x-permission']);
        expect(operation?.['x-permission'], where).toBe(route.config?.permission);
        expect(operation?.description, where).toContain(`\`${route.config?.permission}\``);
      }
    }
    expect(stated.get('GET /api/admin/waitlist/export')).toBe('waitlist:export');
    // And the other way: no admin operation in the document goes without one.
    const unstated = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => ((operation.tags as string[]) ?? []).includes('admin'))
        .filter(([, operation]) => typeof operation['x-permission'] !== 'string')
        .map(([method]) => `${method} ${path}`),
    );
    expect(unstated).toEqual([]);
  });

  it('describes the API key scheme and how to call the admin API with a key', async () => {
    const document = await adminDocument();
    const schemes = (document.components as Json).securitySchemes as Json;
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect((document.info as Json).description).toContain('Authorization: Bearer wl_live_');
    const waitlist = (document.paths as Record<string, Json>)['/api/admin/waitlist']!.get as Json;
    expect(waitlist.security).toEqual([{ apiKey: [] }, { session: [] }]);
  });

  it('holds the public routes only: no admin route, to anyone (issue 19)', async () => {
    const document = await openapiDocument();
    const paths = Object.keys(document.paths as Json);
    expect(paths).toContain('/api/waitlist');
    expect(paths).toContain('/api/login');
    expect(paths.filter((path) => path.startsWith('/api/admin'))).toEqual([]);
    expect(paths).not.toContain('/api/analytics/dashboard');
    const tags = Object.values(document.paths as Record<string, Json>).flatMap((item) =>
      Object.values(item).flatMap((operation) => ((operation as Json).tags as string[]) ?? []),
    );
    expect(tags).not.toContain('admin');
  });

  it('names no hash or secret column in any answer', async () => {
    const document = await adminDocument();
    const answers = Object.values(document.paths as Record<string, Json>).flatMap((item) =>
      Object.values(item).map((operation) => (operation as Json).responses),
    );
    const text = JSON.stringify([answers, (document.components as Json).schemas]);
    expect(answers.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/"(passwordHash|password_hash|secretHash|secret_hash|tokenHash)"/);
  });
});

/** Every operation of a document, with where it is. */
function operationsOf(document: Json): { where: string; operation: Json }[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      where: `${method.toUpperCase()} ${path}`,
      operation: operation as Json,
    })),
  );
}

describe('what other tools need of both documents (issue 33)', () => {
  it('every operation has an operationId, and no two share one', async () => {
    for (const document of [await openapiDocument(), await adminDocument()]) {
      const operations = operationsOf(document);
      expect(operations.length).toBeGreaterThan(30);
      const missing = operations.filter(({ operation }) => !operation.operationId);
      expect(missing.map(({ where }) => where)).toEqual([]);
      const seen = new Map<string, string>();
      const shared = operations.flatMap(({ where, operation }) => {
        const id = operation.operationId as string;
        const first = seen.get(id);
        seen.set(id, where);
        return first ? [`${id}: ${first} and ${where}`] : [];
      });
      expect(shared).toEqual([]);
    }
  });

  it('names operations from the route table: method and path, or the name a route declares', async () => {
    const ids = new Map(
      operationsOf(await adminDocument()).map(({ where, operation }) => [
        where,
        operation.operationId,
      ]),
    );
    expect(ids.get('POST /api/waitlist')).toBe('waitlistCreate');
    expect(ids.get('GET /api/admin/waitlist/export')).toBe('adminWaitlistExport');
    expect(ids.get('GET /api/admin/posts/{id}')).toBe('adminPostsGet');
    expect(ids.get('PATCH /api/admin/posts/{id}')).toBe('adminPostsUpdate');
    expect(ids.get('POST /api/admin/posts/{id}/publish')).toBe('adminPostsPublish');
    expect(ids.get('POST /api/register')).toBe('register');
  });

  it('every operation has a summary and a tag the document describes', async () => {
    for (const document of [await openapiDocument(), await adminDocument()]) {
      const described = new Map(
        (document.tags as { name: string; description?: string }[]).map((tag) => [
          tag.name,
          tag.description,
        ]),
      );
      for (const { where, operation } of operationsOf(document)) {
        expect(typeof operation.summary, where).toBe('string');
        const tags = operation.tags as string[];
        expect(tags.length, where).toBeGreaterThan(0);
        for (const tag of tags) expect(described.get(tag), `${where} ${tag}`).toBeTruthy();
      }
    }
  });

  it('public operations say security: [], the others name their credentials', async () => {
    const document = await adminDocument();
    const security = new Map(
      operationsOf(document).map(({ where, operation }) => [where, operation.security]),
    );
    expect(security.get('POST /api/waitlist')).toEqual([]);
    expect(security.get('GET /api/posts')).toEqual([]);
    expect(security.get('GET /api/user')).toEqual([{ session: [] }]);
    expect(security.get('GET /api/account/security')).toEqual([{ session: [] }]);
    expect(security.get('GET /api/analytics/dashboard')).toEqual([{ apiKey: [] }, { session: [] }]);
    const undeclared = operationsOf(document).filter(
      ({ operation }) => !Array.isArray(operation.security),
    );
    expect(undeclared.map(({ where }) => where)).toEqual([]);
  });

  it('has servers, a licence and a contact', async () => {
    for (const document of [await openapiDocument(), await adminDocument()]) {
      expect((document.servers as Json[]).length).toBeGreaterThan(0);
      const info = document.info as Json;
      expect(info.license).toMatchObject({ name: expect.any(String), url: expect.any(String) });
      expect(info.contact).toMatchObject({ email: expect.any(String) });
    }
  });

  it('every error answer is JSON in the one ErrorBody schema (or an extension of it)', async () => {
    const document = await adminDocument();
    const errorBody = ((document.components as Json).schemas as Json).ErrorBody as Json;
    expect(errorBody.required).toEqual(['message']);
    let referring = 0;
    for (const { where, operation } of operationsOf(document)) {
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        if (Number(status) < 400 || where === 'GET /api/health') continue;
        const content = (response as Json).content as Json;
        expect(Object.keys(content), `${where} ${status}`).toEqual(['application/json']);
        const schema = (content['application/json'] as Json).schema as Json;
        if (schema.$ref === '#/components/schemas/ErrorBody') {
          referring += 1;
          continue;
        }
        // An answer with more than the contract (the posts' failed SEO checks) keeps its fields.
        expect(Object.keys(schema.properties as Json), `${where} ${status}`).toEqual(
          expect.arrayContaining(['message', 'type']),
        );
      }
    }
    expect(referring).toBeGreaterThan(100);
  });
});

describe('GET /api/admin/openapi.json', () => {
  it('answers 401 without a session or key, and never to a cache', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/openapi.json' });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('/api/admin/waitlist');
  });

  it('answers any signed-in session and any key, with the admin routes', async () => {
    const { headers } = await signInAdmin(ctx);
    const viewer = await sessionFor(
      ctx,
      await insertStaffUser(ctx, { username: 'doc-viewer', role: 'viewer' }),
    );
    const key = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers,
      payload: { name: 'Docs', permissions: ['feedback:read'] },
    });
    for (const caller of [viewer.headers, { authorization: `Bearer ${key.json().formattedKey}` }]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/openapi.json',
        headers: caller,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const paths = Object.keys(response.json<Json>().paths as Json);
      expect(paths).toContain('/api/admin/waitlist');
      expect(paths).toContain('/api/waitlist');
    }
  });
});

describe('GET /api/docs', () => {
  it('offers both documents: the public one, and the admin one (for the signed-in) with ?api=admin', async () => {
    const script = await ctx.app.inject({ method: 'GET', url: '/api/docs/assets/docs.js' });
    expect(script.body).toContain("'/api/openapi.json'");
    expect(script.body).toContain("'/api/admin/openapi.json'");
    expect(script.body).toContain("get('api') === 'admin'");
  });

  it('serves the reference page and its assets from this origin, under a strict CSP', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:|'unsafe-/);
    const sources = [...response.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter((source) => /^(https?:)?\/\//.test(source))).toEqual([]);
    for (const source of sources) {
      const asset = await ctx.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode, source).toBe(200);
      expect(asset.body.length, source).toBeGreaterThan(0);
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/docs/assets/secrets.js' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Not found', type: 'not_found' });
  });
});
