// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRouteLabeller } from '../server/route-label.js';

// The shape of the server build's `routes` (Remix flat routes), a few of the site's own.
const ROUTES = {
  root: { id: 'root', path: '' },
  'routes/_index': { id: 'routes/_index', parentId: 'root', index: true },
  'routes/blog._index': { id: 'routes/blog._index', parentId: 'root', path: 'blog', index: true },
  'routes/blog.$slug': { id: 'routes/blog.$slug', parentId: 'root', path: 'blog/:slug' },
  'routes/api.$': { id: 'routes/api.$', parentId: 'root', path: 'api/*' },
  'routes/$': { id: 'routes/$', parentId: 'root', path: '*' },
};

describe('the metrics label of a page', () => {
  const label = createRouteLabeller(ROUTES);

  it('is the Remix route id, never the URL', () => {
    expect(label('/')).toBe('routes/_index');
    expect(label('/blog')).toBe('routes/blog._index');
    expect(label('/blog/some-secret-token-123')).toBe('routes/blog.$slug');
  });

  it('reads a client navigation (.data) as the page it asks for', () => {
    expect(label('/_root.data')).toBe('routes/_index');
    expect(label('/blog/another.data')).toBe('routes/blog.$slug');
  });

  it('gives every other path one label, and the assets one of their own', () => {
    expect(label('/no-such-page-abc123')).toBe('unmatched');
    expect(label('/a/b/c')).toBe('unmatched');
    expect(label('/assets/entry-abc123.js')).toBe('/assets/*');
  });
});
