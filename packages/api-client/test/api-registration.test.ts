import { type Stack, startStack } from '@repo/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouteTable, routeEntries } from '../src';

/*
 * The route table against the API that answers it: every route the API registers
 * is in the table with the same methods, and every route of the table is
 * registered. The API runs as a process (the API never imports this package, and
 * this package imports no app); its routes are read from its whole OpenAPI
 * document, which a signed-in account may read.
 */

const SETUP_TOKEN = 'route-table-setup-token-0123456789';

/** Left out of the OpenAPI document (hide: true): each is asked for, by this path. */
const UNDOCUMENTED: Record<string, string> = {
  '/api/docs': '/api/docs',
  '/api/docs/assets/:file': '/api/docs/assets/docs.js',
  '/api/openapi.json': '/api/openapi.json',
  '/api/admin/openapi.json': '/api/admin/openapi.json',
};

type OpenApiDocument = { paths: Record<string, Record<string, unknown>> };
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** 'GET /api/posts/:' for each method of each route: parameter names are the API's business. */
function names(routes: { methods: string[]; pattern: string }[]): string[] {
  return routes
    .flatMap(({ methods, pattern }) =>
      methods
        .filter((method) => method !== 'HEAD')
        .map((method) => `${method} ${pattern.replace(/:[^/]+/g, ':')}`),
    )
    .sort();
}

let stack: Stack;
let cookie: string;
let registered: { methods: string[]; pattern: string }[];

beforeAll(async () => {
  stack = await startStack({ apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN } });
  const signUp = await fetch(`${stack.apiUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Rita Routes',
      email: 'rita@wordloom.test',
      username: 'rita',
      password: 'correct-horse-battery',
      setupToken: SETUP_TOKEN,
    }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(201);
  cookie = signUp.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const response = await fetch(`${stack.apiUrl}/api/admin/openapi.json`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const document = (await response.json()) as OpenApiDocument;
  registered = Object.entries(document.paths).map(([path, operations]) => ({
    methods: Object.keys(operations)
      .filter((key) => HTTP_METHODS.includes(key))
      .map((key) => key.toUpperCase()),
    pattern: path.replace(/\{([^}]+)\}/g, ':$1'),
  }));
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the route table', () => {
  it('sees the routes of the whole document (so the comparison cannot pass vacuously)', () => {
    expect(registered.length).toBeGreaterThan(60);
    expect(names(registered)).toEqual(
      expect.arrayContaining(['GET /api/posts/:', 'POST /api/waitlist', 'GET /api/admin/waitlist']),
    );
  });

  it('holds every route the API documents, with the same methods, and no other', () => {
    const table = routeEntries(apiRouteTable).filter((entry) => !(entry.pattern in UNDOCUMENTED));
    expect(names(table)).toEqual(names(registered));
  });

  it('names the undocumented routes the API answers', async () => {
    const documented = new Set(registered.map((route) => route.pattern.replace(/:[^/]+/g, ':')));
    const undocumented = routeEntries(apiRouteTable)
      .map((entry) => entry.pattern)
      .filter((pattern) => !documented.has(pattern.replace(/:[^/]+/g, ':')));
    expect(undocumented.sort()).toEqual(Object.keys(UNDOCUMENTED).sort());
    for (const path of Object.values(UNDOCUMENTED)) {
      const response = await fetch(`${stack.apiUrl}${path}`, { headers: { cookie } });
      expect(response.status, path).toBe(200);
    }
  });
});
