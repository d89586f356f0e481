import { POST_PENDING_MESSAGES, type PostPendingRevision } from '@repo/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertStaffUser, sessionFor, signInAdmin } from '../helpers/admin';
import { useTestContext } from '../helpers/use-context';
import {
  adminCall,
  apiKeyHeaders,
  createDraft,
  createPublished,
  type PostAnswer,
  publicSlugs,
} from './helpers';

/*
 * Least privilege, second pass (issue 31): a published or scheduled post changes
 * on the site only through someone holding posts:publish. posts:write alone
 * (Support, a drafting tool's key) may edit it, but the edit waits for review;
 * deleting, unpublishing or restoring it is 403 naming posts:publish.
 */

const ctx = useTestContext();
const owner = () => signInAdmin(ctx).then((session) => session.headers);
let supportCount = 0;
/** A fresh Support session (posts:read and posts:write, no posts:publish). */
async function support(): Promise<Record<string, string>> {
  const id = await insertStaffUser(ctx, { username: `support-${++supportCount}`, role: 'support' });
  return (await sessionFor(ctx, id)).headers;
}

/** What the site answers for a slug: its status and the post. */
async function onTheSite(slug: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/posts/${slug}` });
  return { status: response.statusCode, post: response.json<Record<string, unknown>>() };
}

/** Everything a refused request could have changed about a post. */
async function postState(id: number): Promise<string> {
  const { rows } = await sql<{ state: string }>`
    select concat_ws(' | ',
      (select row_to_json(p)::text from blog_posts p where p.id = ${id}),
      (select count(*) from blog_post_revisions where post_id = ${id}),
      (select string_agg(old_slug, ',') from blog_post_redirects where post_id = ${id}),
      (select row_to_json(r)::text from blog_post_pending_revisions r where r.post_id = ${id}),
      (select count(*) from audit_log where target_type = 'post' and target_id = ${String(id)})
    ) as state`.execute(ctx.database.db);
  return rows[0]!.state;
}

async function auditActions(postId: number): Promise<string[]> {
  const rows = await ctx.database.db
    .selectFrom('auditLog')
    .select('action')
    .where('targetType', '=', 'post')
    .where('targetId', '=', String(postId))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

async function pendingOf(id: number): Promise<PostPendingRevision | null> {
  const response = await adminCall(ctx, await owner(), 'GET', `/${id}/pending-revision`);
  expect(response.statusCode).toBe(200);
  return response.json<{ pendingRevision: PostPendingRevision | null }>().pendingRevision;
}

/** A scheduled post (an hour ahead), by the Owner. */
async function createScheduled(): Promise<PostAnswer> {
  const draft = await createDraft(ctx);
  const at = new Date(Date.now() + 3_600_000).toISOString();
  const scheduled = await adminCall(ctx, await owner(), 'POST', `/${draft.id}/schedule`, { at });
  expect(scheduled.statusCode).toBe(200);
  return scheduled.json<PostAnswer>();
}

describe('an edit of a live post without posts:publish', () => {
  it("by Support: the site's post is unchanged, and the edit waits for review", async () => {
    const post = await createPublished(ctx);
    const before = await onTheSite(post.slug);
    const writer = await support();
    const edited = await adminCall(ctx, writer, 'PATCH', `/${post.id}`, {
      title: 'Rewritten by Support',
      content: '## Hello\n\nA new body.',
    });
    expect(edited.statusCode).toBe(202);
    expect(edited.json()).toMatchObject({
      type: 'pending_review',
      message: POST_PENDING_MESSAGES.keptForReview,
      pendingRevision: {
        postId: post.id,
        fields: ['title', 'content'],
        snapshot: { title: 'Rewritten by Support', content: '## Hello\n\nA new body.' },
        actor: { kind: 'staff', label: 'support-1' },
      },
    });

    expect(await onTheSite(post.slug)).toEqual(before);
    const console = await adminCall(ctx, writer, 'GET', `/${post.id}`);
    expect(console.json()).toMatchObject({ title: post.title, status: 'published' });
    expect((await adminCall(ctx, writer, 'GET', `/${post.id}/revisions`)).json().items).toEqual([]);
    expect(await pendingOf(post.id)).toMatchObject({ snapshot: { title: 'Rewritten by Support' } });
    expect(await auditActions(post.id)).toEqual([
      'post.create',
      'post.publish',
      'post.submit_changes',
    ]);
  });

  it('by a key holding posts:write alone: the same, and a later edit adds to the same pending revision', async () => {
    const post = await createPublished(ctx);
    const before = await onTheSite(post.slug);
    const key = await apiKeyHeaders(ctx, ['posts:write']);
    const first = await adminCall(ctx, key, 'PATCH', `/${post.id}`, { title: 'A key rewrote it' });
    expect(first.statusCode).toBe(202);
    const second = await adminCall(ctx, key, 'PATCH', `/${post.id}`, { excerpt: 'And this.' });
    expect(second.statusCode).toBe(202);
    const pending = second.json<{ pendingRevision: PostPendingRevision }>().pendingRevision;
    expect(pending.id).toBe(first.json().pendingRevision.id);
    expect(pending.fields).toEqual(['title', 'excerpt']);
    expect(pending.actor.kind).toBe('api_key');
    expect(await onTheSite(post.slug)).toEqual(before);

    // Edited back to what the site shows: nothing waits any more.
    const back = await adminCall(ctx, key, 'PATCH', `/${post.id}`, {
      title: post.title,
      excerpt: 'What the post is about, in one sentence.',
    });
    expect(back.statusCode).toBe(200);
    expect(await pendingOf(post.id)).toBeNull();
  });

  it('of a scheduled post: waits for review too, and the post keeps its schedule', async () => {
    const post = await createScheduled();
    const before = await postState(post.id);
    const edited = await adminCall(ctx, await support(), 'PATCH', `/${post.id}`, {
      content: 'Changed before it goes live.',
    });
    expect(edited.statusCode).toBe(202);
    const after = await adminCall(ctx, await owner(), 'GET', `/${post.id}`);
    expect(after.json()).toMatchObject({
      status: 'scheduled',
      scheduledAt: post.scheduledAt,
      content: '## Hello\n\nThe body of the post, in markdown.',
    });
    expect(await postState(post.id)).not.toBe(before); // the pending revision and its audit entry
    expect((await pendingOf(post.id))?.fields).toContain('content');
  });

  it('refuses a slug another post holds with 409, keeping nothing', async () => {
    const post = await createPublished(ctx);
    const other = await createDraft(ctx);
    const before = await postState(post.id);
    const refused = await adminCall(ctx, await support(), 'PATCH', `/${post.id}`, {
      slug: other.slug,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().type).toBe('slug_taken');
    expect(await postState(post.id)).toBe(before);
  });
});

describe('deleting, unpublishing or restoring a live post', () => {
  /** A post with one revision (an edit before it went live), published or scheduled. */
  async function livePost(status: 'published' | 'scheduled') {
    const headers = await owner();
    const draft = await createDraft(ctx);
    await adminCall(ctx, headers, 'PATCH', `/${draft.id}`, { excerpt: 'An earlier excerpt.' });
    const revisions = await adminCall(ctx, headers, 'GET', `/${draft.id}/revisions`);
    const revisionId = revisions.json<{ items: { id: string }[] }>().items[0]!.id;
    const went =
      status === 'published'
        ? await adminCall(ctx, headers, 'POST', `/${draft.id}/publish`)
        : await adminCall(ctx, headers, 'POST', `/${draft.id}/schedule`, {
            at: new Date(Date.now() + 3_600_000).toISOString(),
          });
    expect(went.statusCode).toBe(200);
    return { id: draft.id, slug: draft.slug, revisionId };
  }

  it.each([['published' as const], ['scheduled' as const]])(
    'of a %s post needs posts:publish: 403 naming it, and nothing changes',
    async (status) => {
      const post = await livePost(status);
      const callers = {
        support: await support(),
        'a posts:write key': await apiKeyHeaders(ctx, ['posts:write', 'posts:read']),
      };
      const before = await postState(post.id);
      const slugsBefore = await publicSlugs(ctx);
      for (const [who, headers] of Object.entries(callers)) {
        for (const [method, path] of [
          ['DELETE', ''],
          ['POST', '/unpublish'],
          ['POST', `/revisions/${post.revisionId}/restore`],
        ] as const) {
          const response = await adminCall(ctx, headers, method, `/${post.id}${path}`);
          expect(response.statusCode, `${who} ${method} ${path}`).toBe(403);
          expect(response.json()).toMatchObject({
            type: 'missing_permission',
            permission: 'posts:publish',
          });
        }
      }
      expect(await postState(post.id)).toBe(before);
      expect(await publicSlugs(ctx)).toEqual(slugsBefore);
    },
  );

  it('is allowed with posts:publish (a restore of a live post runs the SEO checks)', async () => {
    const headers = await owner();
    const post = await livePost('published');
    const restored = await adminCall(
      ctx,
      headers,
      'POST',
      `/${post.id}/revisions/${post.revisionId}/restore`,
    );
    expect(restored.statusCode).toBe(200);
    expect(restored.json().excerpt).toBe('What the post is about, in one sentence.');
    expect((await adminCall(ctx, headers, 'DELETE', `/${post.id}`)).statusCode).toBe(200);
    expect((await onTheSite(post.slug)).status).toBe(404);
  });
});

describe('a restore of a live post by a publisher', () => {
  it('runs the SEO checks: a revision with a blocking problem is 422, and nothing changes', async () => {
    const headers = await owner();
    const draft = await createDraft(ctx, { content: '## Hello\n\n![](/images/chart.png)' });
    await adminCall(ctx, headers, 'PATCH', `/${draft.id}`, { content: '## Hello\n\nFixed.' });
    const revisions = await adminCall(ctx, headers, 'GET', `/${draft.id}/revisions`);
    const revisionId = revisions.json<{ items: { id: string }[] }>().items[0]!.id;
    expect((await adminCall(ctx, headers, 'POST', `/${draft.id}/publish`)).statusCode).toBe(200);
    const before = await postState(draft.id);
    const refused = await adminCall(
      ctx,
      headers,
      'POST',
      `/${draft.id}/revisions/${revisionId}/restore`,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      type: 'seo_checks_failed',
      problems: [expect.objectContaining({ code: 'image_alt_missing' })],
    });
    expect(await postState(draft.id)).toBe(before);
    expect((await onTheSite(draft.slug)).post.content).toBe('## Hello\n\nFixed.');
  });
});

describe('drafts and unpublished posts with posts:write alone', () => {
  it('are edited, restored and deleted as before', async () => {
    const writer = await support();
    const draft = await createDraft(ctx);
    const edited = await adminCall(ctx, writer, 'PATCH', `/${draft.id}`, { title: 'Draft edit' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Draft edit', status: 'draft' });
    const revisions = await adminCall(ctx, writer, 'GET', `/${draft.id}/revisions`);
    const revisionId = revisions.json<{ items: { id: string }[] }>().items[0]!.id;
    const restored = await adminCall(
      ctx,
      writer,
      'POST',
      `/${draft.id}/revisions/${revisionId}/restore`,
    );
    expect(restored.statusCode).toBe(200);
    expect(restored.json().title).toBe(draft.title);

    const gone = await createPublished(ctx);
    await adminCall(ctx, await owner(), 'POST', `/${gone.id}/unpublish`);
    const offline = await adminCall(ctx, writer, 'PATCH', `/${gone.id}`, { title: 'Offline edit' });
    expect(offline.statusCode).toBe(200);
    expect(offline.json()).toMatchObject({ title: 'Offline edit', status: 'unpublished' });

    expect((await adminCall(ctx, writer, 'DELETE', `/${draft.id}`)).statusCode).toBe(200);
    expect((await adminCall(ctx, writer, 'DELETE', `/${gone.id}`)).statusCode).toBe(200);
  });
});

describe('a publisher and the pending revision', () => {
  it('publishes it: the site shows the changes, the old state is a revision, the old slug redirects', async () => {
    const post = await createPublished(ctx);
    const newSlug = `${post.slug}-reviewed`;
    await adminCall(ctx, await support(), 'PATCH', `/${post.id}`, {
      title: 'Reviewed and published',
      slug: newSlug,
    });
    const published = await adminCall(
      ctx,
      await owner(),
      'POST',
      `/${post.id}/pending-revision/publish`,
    );
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ title: 'Reviewed and published', slug: newSlug });
    expect((await onTheSite(newSlug)).post).toMatchObject({ title: 'Reviewed and published' });
    const moved = await ctx.app.inject({ method: 'GET', url: `/api/posts/${post.slug}` });
    expect(moved.statusCode).toBe(301);
    expect(await pendingOf(post.id)).toBeNull();
    const revisions = await adminCall(ctx, await owner(), 'GET', `/${post.id}/revisions`);
    expect(revisions.json().items[0].snapshot.title).toBe(post.title);
    expect(await auditActions(post.id)).toEqual([
      'post.create',
      'post.publish',
      'post.submit_changes',
      'post.publish_changes',
    ]);
    const again = await adminCall(
      ctx,
      await owner(),
      'POST',
      `/${post.id}/pending-revision/publish`,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(POST_PENDING_MESSAGES.none);
  });

  it('runs the SEO checks first: a blocking problem stops it (422) unless overridden with a reason', async () => {
    const post = await createPublished(ctx);
    const before = await onTheSite(post.slug);
    await adminCall(ctx, await support(), 'PATCH', `/${post.id}`, {
      content: '## Hello\n\nSee [a page that is not there](/blog/nowhere-at-all).',
    });
    const headers = await owner();
    const stateBefore = await postState(post.id);
    const refused = await adminCall(ctx, headers, 'POST', `/${post.id}/pending-revision/publish`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      type: 'seo_checks_failed',
      problems: [expect.objectContaining({ code: 'internal_link_broken', blocking: true })],
    });
    expect(await postState(post.id)).toBe(stateBefore);
    expect(await onTheSite(post.slug)).toEqual(before);

    const overridden = await adminCall(
      ctx,
      headers,
      'POST',
      `/${post.id}/pending-revision/publish`,
      {
        override: { reason: 'The linked page goes live tomorrow' },
      },
    );
    expect(overridden.statusCode).toBe(200);
    expect((await onTheSite(post.slug)).post.content).toContain('/blog/nowhere-at-all');
    const entry = await ctx.database.db
      .selectFrom('auditLog')
      .select('details')
      .where('action', '=', 'post.publish_changes')
      .where('targetId', '=', String(post.id))
      .executeTakeFirstOrThrow();
    expect(entry.details).toMatchObject({
      fields: ['content'],
      override: {
        reason: 'The linked page goes live tomorrow',
        problems: ['internal_link_broken'],
      },
    });
  });

  it('discards it (a writer may neither publish nor discard it): the post stays as it is, and the discard is logged', async () => {
    const post = await createPublished(ctx);
    const writer = await support();
    await adminCall(ctx, writer, 'PATCH', `/${post.id}`, { title: 'Never published' });
    const before = await postState(post.id);
    for (const [method, path] of [
      ['DELETE', '/pending-revision'],
      ['POST', '/pending-revision/publish'],
    ] as const) {
      const refused = await adminCall(ctx, writer, method, `/${post.id}${path}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ permission: 'posts:publish' });
    }
    expect(await postState(post.id)).toBe(before);
    const headers = await owner();
    const discarded = await adminCall(ctx, headers, 'DELETE', `/${post.id}/pending-revision`);
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json()).toEqual({ message: POST_PENDING_MESSAGES.discarded });
    expect(await pendingOf(post.id)).toBeNull();
    expect((await onTheSite(post.slug)).post.title).toBe(post.title);
    expect(
      (await adminCall(ctx, headers, 'DELETE', `/${post.id}/pending-revision`)).statusCode,
    ).toBe(404);
    expect((await auditActions(post.id)).at(-1)).toBe('post.discard_changes');
  });

  it('answers 404 for a post that does not exist, and null when nothing waits', async () => {
    const headers = await owner();
    for (const path of ['/2147483000/pending-revision', '/abc/pending-revision']) {
      expect((await adminCall(ctx, headers, 'GET', path)).statusCode).toBe(404);
      expect((await adminCall(ctx, headers, 'DELETE', path)).statusCode).toBe(404);
      expect((await adminCall(ctx, headers, 'POST', `${path}/publish`)).statusCode).toBe(404);
    }
    const post = await createPublished(ctx);
    expect(await pendingOf(post.id)).toBeNull();
    const bad = await adminCall(ctx, headers, 'POST', `/${post.id}/pending-revision/publish`, {
      override: { reason: 'short' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("a publisher's own edit of a live post", () => {
  it('runs the SEO checks before the change reaches the site (422, nothing changes)', async () => {
    const post = await createPublished(ctx);
    const before = await postState(post.id);
    const site = await onTheSite(post.slug);
    const refused = await adminCall(ctx, await owner(), 'PATCH', `/${post.id}`, {
      content: '## Hello\n\n![](/images/chart.png)',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: POST_PENDING_MESSAGES.editBlocked(1),
      type: 'seo_checks_failed',
      problems: [expect.objectContaining({ code: 'image_alt_missing' })],
    });
    expect(await postState(post.id)).toBe(before);
    expect(await onTheSite(post.slug)).toEqual(site);

    const fine = await adminCall(ctx, await owner(), 'PATCH', `/${post.id}`, {
      title: 'Edited by a publisher',
    });
    expect(fine.statusCode).toBe(200);
    expect((await onTheSite(post.slug)).post.title).toBe('Edited by a publisher');
  });
});
