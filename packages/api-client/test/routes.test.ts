import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  apiRoutes,
  apiRouteTable,
  createRouteFinder,
  createRouteMatcher,
  routeEntries,
  siteRoutes,
  siteRouteTable,
} from '../src';

describe('the route table', () => {
  it('gives a fixed path as it is and a path with parameters as a builder that encodes them', () => {
    expect(apiRoutes.admin.waitlist.list).toBe('/api/admin/waitlist');
    expect(apiRoutes.admin.beta.approve('a/b c')).toBe('/api/admin/beta/approve/a%2Fb%20c');
    expect(apiRoutes.admin.accounts.session('u1', 's/1')).toBe(
      '/api/admin/accounts/u1/sessions/s%2F1',
    );
    expect(apiRoutes.adminDocs).toBe('/api/docs?api=admin');
    expectTypeOf(apiRoutes.admin.waitlist.list).toEqualTypeOf<'/api/admin/waitlist'>();
    expectTypeOf(apiRoutes.admin.accounts.session).toEqualTypeOf<
      (id: string, sessionId: string) => `/api/admin/accounts/${string}/sessions/${string}`
    >();
  });

  it("holds the site's routes and the console's, groups of the same name merged", () => {
    expect(siteRoutes.posts.post('why we')).toBe('/api/posts/why%20we');
    expect(apiRoutes.posts.post('x')).toBe('/api/posts/x');
    expect(apiRoutes.analytics).toEqual({
      events: '/api/analytics/events',
      dashboard: '/api/analytics/dashboard',
    });
    expect(apiRoutes.email).toEqual({
      unsubscribe: '/api/email/unsubscribe',
      postmarkWebhook: '/api/email/webhooks/postmark',
    });
    expect('dashboard' in siteRoutes.analytics).toBe(false);
  });

  it('lists each route once, with its methods (HEAD with GET) and no query string', () => {
    const entries = routeEntries(apiRouteTable);
    const docs = entries.filter((entry) => entry.pattern === '/api/docs');
    expect(docs).toEqual([{ methods: ['GET', 'HEAD'], pattern: '/api/docs' }]);
    expect(entries).toContainEqual({
      methods: ['GET', 'PUT', 'HEAD'],
      pattern: '/api/beta-feedback/progress',
    });
    expect(entries).toContainEqual({
      methods: ['PATCH', 'DELETE'],
      pattern: '/api/admin/roles/:id',
    });
    expect(new Set(entries.map((entry) => entry.pattern)).size).toBe(entries.length);
  });
});

describe('createRouteMatcher', () => {
  const isSiteRoute = createRouteMatcher(siteRouteTable);

  it("matches a site route's methods and paths, a parameter being one segment", () => {
    expect(isSiteRoute('GET', '/api/posts/why-we-built-wordloom')).toBe(true);
    expect(isSiteRoute('HEAD', '/api/posts')).toBe(true);
    expect(isSiteRoute('POST', '/api/email/unsubscribe')).toBe(true);
    expect(isSiteRoute('DELETE', '/api/posts/why-we-built-wordloom')).toBe(false);
    expect(isSiteRoute('GET', '/api/posts/a/b')).toBe(false);
    expect(isSiteRoute('GET', '/api/posts/')).toBe(false);
    expect(isSiteRoute('GET', '/api/healthz')).toBe(false);
    expect(isSiteRoute('POST', '/api/beta/invitations/accept')).toBe(true);
    expect(isSiteRoute('GET', '/api/beta/invitations/accept')).toBe(false);
  });

  it("matches none of the console's routes", () => {
    expect(isSiteRoute('GET', '/api/analytics/dashboard')).toBe(false);
    expect(isSiteRoute('POST', '/api/login')).toBe(false);
    expect(isSiteRoute('GET', '/api/admin/waitlist')).toBe(false);
    expect(isSiteRoute('GET', '/api/docs')).toBe(false);
  });

  it('takes the dots of a path literally', () => {
    const isRoute = createRouteMatcher({ openapi: 'GET /api/openapi.json' });
    expect(isRoute('GET', '/api/openapi.json')).toBe(true);
    expect(isRoute('GET', '/api/openapiXjson')).toBe(false);
  });
});

describe('createRouteFinder', () => {
  it("names the pattern of the route a request matches, never the request's own path", () => {
    const find = createRouteFinder({
      post: 'GET /api/posts/:slug',
      feed: 'GET /api/posts/feed',
      list: 'GET,POST /api/posts',
    });
    expect(find('GET', '/api/posts/some-post')).toBe('/api/posts/:slug');
    expect(find('HEAD', '/api/posts/other')).toBe('/api/posts/:slug');
    expect(find('GET', '/api/posts/feed')).toBe('/api/posts/feed');
    expect(find('POST', '/api/posts')).toBe('/api/posts');
    expect(find('DELETE', '/api/posts')).toBeUndefined();
    expect(find('GET', '/api/posts/a/b')).toBeUndefined();
  });
});
