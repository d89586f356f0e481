import { describe, expect, it } from 'vitest';
import { signInAdmin } from '../helpers/admin';
import { createTestContext } from '../helpers/test-app';
import { useTestContext } from '../helpers/use-context';
import { adminCall, createDraft, createPublished } from './helpers';

/*
 * Issue 23: the site's servers poll GET /api/posts-version to follow a publish
 * within seconds. It must change with everything the blog shows, stay the same
 * otherwise (a 304 is what keeps the polling cheap), and never be cached as is.
 */

const ctx = useTestContext();

async function version(ifNoneMatch?: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/posts-version',
    headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {},
  });
  return response;
}

async function currentVersion(): Promise<string> {
  const response = await version();
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  const { version: value } = response.json<{ version: string }>();
  expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
  return value;
}

describe('GET /api/posts-version', () => {
  it('answers 304 to its own ETag while nothing the site shows changed', async () => {
    const first = await version();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // A draft is not on the site: the version stays.
    await createDraft(ctx);
    const again = await version(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('changes with a publish, an edit of the text, a slug change and an unpublish', async () => {
    const headers = (await signInAdmin(ctx)).headers;
    const before = await currentVersion();
    const seen = new Set<string>([before]);
    const expectNew = async () => {
      const value = await currentVersion();
      expect(seen.has(value), `version ${value} seen before`).toBe(false);
      seen.add(value);
    };

    const post = await createPublished(ctx);
    await expectNew();
    // Only the text: the list of summaries is the same, the version is not.
    const edited = await adminCall(ctx, headers, 'PATCH', `/${post.id}`, {
      content: '## Hello again\n\nA corrected sentence.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await expectNew();
    const renamed = await adminCall(ctx, headers, 'PATCH', `/${post.id}`, {
      slug: `${post.slug}-renamed`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectNew();
    const unpublished = await adminCall(ctx, headers, 'POST', `/${post.id}/unpublish`);
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    // The version names what the site shows: without the post (nor its redirect)
    // the blog is as before it was published.
    expect(await currentVersion()).toBe(before);
  });

  it('is not shadowed by a post whose slug is "version"', async () => {
    await createPublished(ctx, { slug: 'version' });
    const post = await ctx.app.inject({ method: 'GET', url: '/api/posts/version' });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({ slug: 'version' });
    expect((await version()).json()).toEqual({ version: expect.any(String) });
  });

  it("is not counted by the global per-address limit: the site's servers poll it every second", async () => {
    const limited = await createTestContext({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_MAX: '3' });
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < 6; i++) {
        statuses.add(
          (await limited.app.inject({ method: 'GET', url: '/api/posts-version' })).statusCode,
        );
      }
      expect([...statuses]).toEqual([200]);
      // The limit holds for the blog's other reads.
      const listed: number[] = [];
      for (let i = 0; i < 5; i++) {
        listed.push((await limited.app.inject({ method: 'GET', url: '/api/posts' })).statusCode);
      }
      expect(listed).toContain(429);
    } finally {
      await limited.close();
    }
  });
});
