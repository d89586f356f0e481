import { readBlogPosts } from '@repo/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/posts', () => {
  it('lists every seeded post, newest first, with the spec fields', async () => {
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
    const after = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('serves one post by slug and 404s an unknown slug', async () => {
    const [post] = await readBlogPosts();
    const found = await ctx.app.inject({ method: 'GET', url: `/api/posts/${post!.slug}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ slug: post!.slug, content: expect.any(String) });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/posts/no-such-post' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Post not found', type: 'not_found' });
  });
});
