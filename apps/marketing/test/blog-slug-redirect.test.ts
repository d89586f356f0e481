import type { LoaderFunctionArgs } from '@remix-run/node';
import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * Issue 23: /blog/<old slug> of a renamed post answers 301 to /blog/<new slug>,
 * as the API's GET /api/posts/<old> does; an unknown slug still goes to /blog.
 */

vi.mock('~/utils/posts.server', () => ({
  listPosts: async () => [],
  findPost: async () => undefined,
}));
vi.mock('~/env.server', () => ({ env: { API_URL: 'http://api.test' } }));

const { loader } = await import('~/routes/blog.$slug');

const load = (slug: string) =>
  loader({
    params: { slug },
    context: {},
    request: new Request(`http://site.test/blog/${slug}`),
  } as unknown as LoaderFunctionArgs);

async function redirectOf(slug: string): Promise<{ status: number; location: string | null }> {
  try {
    await load(slug);
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get('location') };
    }
    throw thrown;
  }
  throw new Error('the loader did not redirect');
}

afterEach(() => vi.unstubAllGlobals());

describe('the blog post loader', () => {
  it('answers an old slug with 301 to the post at its slug now, as the API says', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(null, { status: 301, headers: { location: '/api/posts/new-address' } }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await redirectOf('old-address')).toEqual({ status: 301, location: '/blog/new-address' });
    expect(fetch).toHaveBeenCalledWith(
      'http://api.test/api/posts/old-address',
      expect.objectContaining({ redirect: 'manual' }),
    );
  });

  it('sends an unknown slug to /blog, and never asks the API about a malformed one', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    expect(await redirectOf('no-such-post')).toEqual({ status: 302, location: '/blog' });
    expect(await redirectOf('../admin')).toEqual({ status: 302, location: '/blog' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('follows no Location outside the blog posts, and survives the API being down', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(null, { status: 301, headers: { location: 'https://evil.example/x' } }),
      ),
    );
    expect(await redirectOf('old-address')).toEqual({ status: 302, location: '/blog' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new Error('ECONNREFUSED');
      }),
    );
    expect(await redirectOf('old-address')).toEqual({ status: 302, location: '/blog' });
  });
});
