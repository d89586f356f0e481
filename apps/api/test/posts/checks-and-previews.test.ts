import { POST_CHECK_MESSAGES } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { signInAdmin } from '../helpers/admin';
import { useTestContext } from '../helpers/use-context';
import { adminCall, apiKeyHeaders, createDraft, createPublished, publicSlugs } from './helpers';

/*
 * Issue 23: the SEO checks before a publish or a schedule (blocking problems stop
 * it unless overridden with a reason) and edits in the audit log. Preview links
 * (recorded since issue 31) are tested in preview-links.test.ts.
 */

const ctx = useTestContext();
const owner = () => signInAdmin(ctx).then((session) => session.headers);
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
