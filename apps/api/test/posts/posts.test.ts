import { brotliDecompressSync } from 'node:zlib';
import { readBlogPosts } from '@repo/db';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/use-context';

const ctx = useTestContext();

/** Polls until `check` passes (a state, not a fixed wait), for at most 10 s. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/posts', () => {
  it('lists every seeded post, newest first, with the fields a listing shows', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
    expect(response.statusCode).toBe(200);
    const posts =
      response.json<{ slug: string; date: string; tags: string[]; readingTime: number }[]>();
    const shipped = await readBlogPosts();
    expect(posts).toHaveLength(shipped.length);
    const dates = posts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(posts[0]).toMatchObject({
      slug: expect.any(String),
      title: expect.any(String),
      excerpt: expect.any(String),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      category: expect.any(String),
      tags: expect.any(Array),
      readingTime: expect.any(Number),
      author: expect.any(String),
    });
  });

  it('lists summaries: no post carries its text or the author bio', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
    const posts = response.json<Record<string, unknown>[]>();
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      expect(post).not.toHaveProperty('content');
      expect(post).not.toHaveProperty('authorBio');
    }
    // The seeded posts have text, so the list is far smaller than the posts themselves.
    const shipped = await readBlogPosts();
    const fullLength = shipped.reduce((sum, post) => sum + (post.content?.length ?? 0), 0);
    expect(fullLength).toBeGreaterThan(0);
    expect(response.body.length).toBeLessThan(fullLength);
  });

  it('sends Cache-Control and an ETag, and answers 304 to a matching If-None-Match', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
    expect(first.headers['cache-control']).toContain('max-age=300');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const second = await ctx.app.inject({
      method: 'GET',
      url: '/api/posts',
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    expect(second.headers.etag).toBe(etag);
    const weak = await ctx.app.inject({
      method: 'GET',
      url: '/api/posts',
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    const stale = await ctx.app.inject({
      method: 'GET',
      url: '/api/posts',
      headers: { 'if-none-match': '"other"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('changes the ETag when a post changes', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
    await ctx.database.db
      .updateTable('blogPosts')
      .set({ title: 'Edited title' })
      .where('id', '=', 1)
      .execute();
    // The list is served from a snapshot for about a second, then read again.
    await eventually(async () => {
      const after = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
      return after.headers.etag !== before.headers.etag && after.body.includes('Edited title');
    });
  });

  it('is compressed with brotli for a client that accepts it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/posts',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const json = JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8')) as unknown;
    expect(Array.isArray(json)).toBe(true);
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });
});

describe('GET /api/posts/:slug', () => {
  it('serves one post with its text, and 404s an unknown slug', async () => {
    const [post] = await readBlogPosts();
    const found = await ctx.app.inject({ method: 'GET', url: `/api/posts/${post!.slug}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ slug: post!.slug, content: expect.any(String) });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/posts/no-such-post' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Post not found', type: 'not_found' });
  });

  it('sends Cache-Control and an ETag, and answers 304 to a matching If-None-Match', async () => {
    const [post] = await readBlogPosts();
    const url = `/api/posts/${post!.slug}`;
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.headers['cache-control']).toContain('max-age=300');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
    expect(etag).not.toBe(list.headers.etag);
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
