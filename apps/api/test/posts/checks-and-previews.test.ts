import { POST_CHECK_MESSAGES } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { previewToken, verifyPreviewToken } from '../../src/posts/preview-tokens';
import { signInAdmin } from '../helpers/admin';
import { useTestContext } from '../helpers/use-context';
import { adminCall, apiKeyHeaders, createDraft, createPublished, publicSlugs } from './helpers';

/*
 * Issue 23: the SEO checks before a publish or a schedule (blocking problems stop
 * it unless overridden with a reason), edits in the audit log, and signed preview
 * links of a post whatever its status.
 */

const ctx = useTestContext();
const owner = () => signInAdmin(ctx).then((session) => session.headers);
const SECRET = 'test-post-preview-secret-that-is-long-enough-9012';
const inAnHour = () => new Date(Date.now() + 3_600_000);
const future = () => new Date(Date.now() + 86_400_000).toISOString();

async function auditEntries(postId: number) {
  return ctx.database.db
    .selectFrom('auditLog')
    .select(['action', 'details'])
    .where('targetType', '=', 'post')
    .where('targetId', '=', String(postId))
    .orderBy('id')
    .execute();
}

const BROKEN = '## Start\n\nSee [nothing](/blog/no-such-post) and ![](/images/x.png).';

describe('SEO checks before publishing', () => {
  it('lists the problems of the current text, blocking or not, with the reading time', async () => {
    const headers = await owner();
    const post = await createDraft(ctx, { content: `# Title again\n\n${BROKEN}` });
    const response = await adminCall(ctx, headers, 'GET', `/${post.id}/checks`);
    expect(response.statusCode).toBe(200);
    const checks = response.json<{
      problems: { code: string; blocking: boolean }[];
      blocking: boolean;
      readingTime: number;
    }>();
    expect(checks.blocking).toBe(true);
    expect(checks.readingTime).toBe(1);
    expect(checks.problems.map((problem) => [problem.code, problem.blocking])).toEqual(
      expect.arrayContaining([
        ['h1_in_content', false],
        ['internal_link_broken', true],
        ['image_alt_missing', true],
      ]),
    );
  });

  it('resolves links to the pages, published posts and their old slugs, not to drafts', async () => {
    const headers = await owner();
    const published = await createPublished(ctx);
    await adminCall(ctx, headers, 'PATCH', `/${published.id}`, {
      slug: `${published.slug}-moved`,
    });
    const otherDraft = await createDraft(ctx);
    const post = await createDraft(ctx, {
      content: [
        `[a](/features) [b](/blog/${published.slug}-moved) [c](/blog/${published.slug})`,
        `[d](/blog/${otherDraft.slug})`,
      ].join('\n\n'),
    });
    const checks = await adminCall(ctx, headers, 'GET', `/${post.id}/checks`);
    const broken = checks
      .json<{ problems: { code: string; line?: number }[] }>()
      .problems.filter((problem) => problem.code === 'internal_link_broken');
    expect(broken).toEqual([expect.objectContaining({ line: 3 })]);
  });

  it('refuses to publish past blocking problems (422 with them), and publishes nothing', async () => {
    const headers = await owner();
    const post = await createDraft(ctx, { content: BROKEN });
    const refused = await adminCall(ctx, headers, 'POST', `/${post.id}/publish`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      type: 'seo_checks_failed',
      message: POST_CHECK_MESSAGES.blocked(2),
      problems: [
        expect.objectContaining({ code: 'internal_link_broken', blocking: true }),
        expect.objectContaining({ code: 'image_alt_missing', blocking: true }),
      ],
    });
    expect(await publicSlugs(ctx)).not.toContain(post.slug);
    expect((await auditEntries(post.id)).map((entry) => entry.action)).toEqual(['post.create']);
  });

  it('publishes past them with an override, whose reason and problems the audit entry keeps', async () => {
    const headers = await owner();
    const post = await createDraft(ctx, { content: BROKEN });
    const published = await adminCall(ctx, headers, 'POST', `/${post.id}/publish`, {
      override: { reason: '  The linked post goes live tomorrow  ' },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(await publicSlugs(ctx)).toContain(post.slug);
    const entries = await auditEntries(post.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'post.publish',
      details: {
        override: {
          reason: 'The linked post goes live tomorrow',
          problems: ['internal_link_broken', 'image_alt_missing'],
        },
      },
    });
  });

  it('asks a reason of reasonable length: 400 otherwise', async () => {
    const headers = await owner();
    const post = await createDraft(ctx, { content: BROKEN });
    for (const override of [{ reason: 'because' }, { reason: 'x'.repeat(501) }, {}, 'yes']) {
      const response = await adminCall(ctx, headers, 'POST', `/${post.id}/publish`, { override });
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().message).toBe(POST_CHECK_MESSAGES.overrideReason);
    }
  });

  it('publishes a post without blocking problems with no body at all, and through an API key', async () => {
    const key = await apiKeyHeaders(ctx, ['posts:write', 'posts:publish', 'posts:read']);
    const post = await createDraft(ctx, { content: '## Fine\n\n![A chart](/images/a.png)' });
    const published = await adminCall(ctx, key, 'POST', `/${post.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const entries = await auditEntries(post.id);
    expect(entries.at(-1)?.details).not.toHaveProperty('override');
  });

  it('runs the checks when scheduling, with the same override', async () => {
    const headers = await owner();
    const post = await createDraft(ctx, { content: BROKEN });
    const refused = await adminCall(ctx, headers, 'POST', `/${post.id}/schedule`, {
      at: future(),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().problems).toHaveLength(2);
    const scheduled = await adminCall(ctx, headers, 'POST', `/${post.id}/schedule`, {
      at: future(),
      override: { reason: 'Images come with the next edit' },
    });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled' });
    expect((await auditEntries(post.id)).at(-1)).toMatchObject({
      action: 'post.schedule',
      details: { override: { reason: 'Images come with the next edit' } },
    });
  });

  it('computes the reading time from the text unless one is sent', async () => {
    const headers = await owner();
    const words = 'word '.repeat(450);
    const computed = await createDraft(ctx, { content: words });
    expect(computed).toMatchObject({ readingTime: 3 });
    const given = await createDraft(ctx, { content: words, readingTime: 7 });
    expect(given).toMatchObject({ readingTime: 7 });
    const edited = await adminCall(ctx, headers, 'PATCH', `/${given.id}`, {
      content: 'word '.repeat(201),
    });
    expect(edited.json()).toMatchObject({ readingTime: 2 });
  });
});

describe('edits in the audit log', () => {
  it('records which fields a save changed, not their values', async () => {
    const headers = await owner();
    const post = await createDraft(ctx);
    const saved = await adminCall(ctx, headers, 'PATCH', `/${post.id}`, {
      title: post.title,
      content: 'A secret draft sentence.',
      tags: ['Other'],
    });
    expect(saved.statusCode).toBe(200);
    const entry = (await auditEntries(post.id)).at(-1);
    expect(entry).toMatchObject({
      action: 'post.update',
      details: { title: post.title, fields: ['tags', 'content'] },
    });
    expect(JSON.stringify(entry?.details)).not.toContain('secret draft');
  });
});

describe('preview tokens', () => {
  it('accepts its own token until it expires', () => {
    const token = previewToken(SECRET, 42, inAnHour());
    expect(verifyPreviewToken(SECRET, token)).toEqual({ valid: true, postId: 42 });
    expect(verifyPreviewToken(SECRET, token, new Date(Date.now() + 2 * 3_600_000))).toEqual({
      valid: false,
      reason: 'expired',
    });
  });

  it('refuses a tampered token, another post id, a later expiry and another secret', () => {
    const token = previewToken(SECRET, 42, inAnHour());
    const [id, expiry, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    for (const forged of [
      `${id}.${expiry}.${flipped}`,
      `43.${expiry}.${signature}`,
      `${id}.${Number(expiry) + 86_400}.${signature}`,
      previewToken('another-secret-that-is-also-long-enough-000', 42, inAnHour()),
    ]) {
      expect(verifyPreviewToken(SECRET, forged), forged).toEqual({
        valid: false,
        reason: 'invalid',
      });
    }
  });

  it('calls a forged token invalid, not expired, even with an expiry in the past', () => {
    const past = new Date(Date.now() - 3_600_000);
    const genuine = previewToken(SECRET, 42, past);
    expect(verifyPreviewToken(SECRET, genuine)).toEqual({ valid: false, reason: 'expired' });
    expect(verifyPreviewToken('another-secret-that-is-also-long-enough-000', genuine)).toEqual({
      valid: false,
      reason: 'invalid',
    });
  });
});

describe('preview links', () => {
  async function linkFor(postId: number, headers: Record<string, string>, body?: object) {
    const response = await adminCall(ctx, headers, 'POST', `/${postId}/preview-link`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ url: string; expiresAt: string }>();
  }
  const tokenOf = (url: string) => url.split('/').at(-1) ?? '';
  const preview = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/post-previews/${token}` });

  it("answers a draft's link on the site, for 24 hours, with its post in the public shape", async () => {
    const headers = await owner();
    const draft = await createDraft(ctx, { authorBio: 'Writes.' });
    const link = await linkFor(draft.id, headers);
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/blog\/preview\/[0-9]+\.[0-9]+\.[\w-]{43}$/);
    const hours = (Date.parse(link.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const response = await preview(tokenOf(link.url));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.json()).toMatchObject({
      id: draft.id,
      slug: draft.slug,
      title: draft.title,
      content: expect.stringContaining('Hello'),
      authorBio: 'Writes.',
      date: new Date().toISOString().slice(0, 10),
    });
    expect(response.json()).not.toHaveProperty('status');
    // The draft itself is still not on the site.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/posts/${draft.slug}` })).statusCode,
    ).toBe(404);
  });

  it('shows a scheduled post under its scheduled day, and takes a shorter life', async () => {
    const headers = await owner();
    const post = await createDraft(ctx);
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await adminCall(ctx, headers, 'POST', `/${post.id}/schedule`, { at });
    const link = await linkFor(post.id, headers, { hours: 2 });
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);
    expect((await preview(tokenOf(link.url))).json()).toMatchObject({ date: at.slice(0, 10) });
  });

  it('refuses a life over 7 days or under an hour', async () => {
    const headers = await owner();
    const post = await createDraft(ctx);
    for (const hours of [0, 169, 1.5, 'long']) {
      const response = await adminCall(ctx, headers, 'POST', `/${post.id}/preview-link`, { hours });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(POST_CHECK_MESSAGES.previewHours);
    }
  });

  it('is given to readers of posts (posts:read), staff and API keys alike', async () => {
    const post = await createDraft(ctx);
    const reader = await apiKeyHeaders(ctx, ['posts:read']);
    expect((await linkFor(post.id, reader)).url).toContain('/blog/preview/');
    const none = await apiKeyHeaders(ctx, ['waitlist:read']);
    const refused = await adminCall(ctx, none, 'POST', `/${post.id}/preview-link`);
    expect(refused.statusCode).toBe(403);
    const missing = await adminCall(ctx, await owner(), 'POST', '/999999/preview-link');
    expect(missing.statusCode).toBe(404);
  });

  it('answers 404 to a tampered, malformed or other-secret token, 410 to an expired one', async () => {
    const post = await createDraft(ctx);
    const valid = previewToken(SECRET, post.id, inAnHour());
    const [, expiry, signature] = valid.split('.') as [string, string, string];
    for (const token of [
      `${post.id}.${expiry}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${post.id + 1}.${expiry}.${signature}`,
      previewToken('another-secret-that-is-also-long-enough-000', post.id, inAnHour()),
      'not-a-token',
      `${'9'.repeat(10)}.${expiry}.${signature}`,
      encodeURIComponent('1.2.<script>'),
    ]) {
      const response = await preview(token);
      expect(response.statusCode, token).toBe(404);
      expect(response.headers['cache-control'], token).toBe('private, no-store');
    }
    // Fastify refuses a path parameter over 100 characters before any route: a 400.
    expect((await preview('x'.repeat(500))).statusCode).toBe(400);
    const expired = await preview(previewToken(SECRET, post.id, new Date(Date.now() - 1000)));
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ message: POST_CHECK_MESSAGES.previewExpired });
    expect((await preview(valid)).statusCode).toBe(200);
  });

  it("stops answering a deleted post's link", async () => {
    const headers = await owner();
    const post = await createDraft(ctx);
    const link = await linkFor(post.id, headers);
    await adminCall(ctx, headers, 'DELETE', `/${post.id}`);
    const response = await preview(tokenOf(link.url));
    expect(response.statusCode).toBe(404);
  });
});
