import { POST_MESSAGES } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { insertStaffUser, sessionFor, signInAdmin } from '../helpers/admin';
import { useTestContext } from '../helpers/use-context';
import {
  adminCall,
  apiKeyHeaders,
  createDraft,
  createPublished,
  draftBody,
  type PostAnswer,
  publicSlugs,
} from './helpers';

/*
 * Issue 23: posts written through /api/admin/posts. Only a published post reaches
 * the site; a write is visible on the next read; a published post's old slug
 * answers 301 and stays reserved; every save keeps a revision.
 */

const ctx = useTestContext();
const owner = () => signInAdmin(ctx).then((session) => session.headers);

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

describe('statuses and what the site sees', () => {
  it('creates a draft the site does not show, with a slug made from the title', async () => {
    const response = await adminCall(
      ctx,
      await owner(),
      'POST',
      '',
      draftBody({
        title: 'Café, SEO & You: a Guide!',
      }),
    );
    expect(response.statusCode).toBe(201);
    const post = response.json<PostAnswer>();
    expect(post).toMatchObject({ slug: 'cafe-seo-you-a-guide', status: 'draft', imported: false });
    expect(await publicSlugs(ctx)).not.toContain(post.slug);
    const direct = await ctx.app.inject({ method: 'GET', url: `/api/posts/${post.slug}` });
    expect(direct.statusCode).toBe(404);
    expect(await auditActions(post.id)).toEqual(['post.create']);
  });

  it('shows a post on the next read once published, and hides it once unpublished', async () => {
    const headers = await owner();
    const draft = await createDraft(ctx);
    // Read first, so the posts cache holds a snapshot without the post.
    expect(await publicSlugs(ctx)).not.toContain(draft.slug);
    const published = await adminCall(ctx, headers, 'POST', `/${draft.id}/publish`);
    expect(published.json()).toMatchObject({
      status: 'published',
      publishedAt: expect.any(String),
    });
    expect(await publicSlugs(ctx)).toContain(draft.slug);
    const one = await ctx.app.inject({ method: 'GET', url: `/api/posts/${draft.slug}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      title: draft.title,
      content: expect.stringContaining('Hello'),
    });

    const edited = await adminCall(ctx, headers, 'PATCH', `/${draft.id}`, {
      title: 'Edited at once',
    });
    expect(edited.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'GET', url: `/api/posts/${draft.slug}` });
    expect(again.json()).toMatchObject({ title: 'Edited at once' });

    const unpublished = await adminCall(ctx, headers, 'POST', `/${draft.id}/unpublish`);
    expect(unpublished.json()).toMatchObject({ status: 'unpublished' });
    expect(await publicSlugs(ctx)).not.toContain(draft.slug);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/posts/${draft.slug}` })).statusCode,
    ).toBe(404);
    expect(await auditActions(draft.id)).toEqual([
      'post.create',
      'post.publish',
      'post.update',
      'post.unpublish',
    ]);
  });

  it('schedules a post for the future only; a scheduled post is not on the site', async () => {
    const headers = await owner();
    const draft = await createDraft(ctx);
    const past = await adminCall(ctx, headers, 'POST', `/${draft.id}/schedule`, {
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(POST_MESSAGES.scheduleAt);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await adminCall(ctx, headers, 'POST', `/${draft.id}/schedule`, { at });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduledAt: at });
    expect(await publicSlugs(ctx)).not.toContain(draft.slug);

    const published = await createPublished(ctx);
    const refused = await adminCall(ctx, headers, 'POST', `/${published.id}/schedule`, { at });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(POST_MESSAGES.alreadyPublished);
    const notPublished = await adminCall(
      ctx,
      headers,
      'POST',
      `/${(await createDraft(ctx)).id}/unpublish`,
    );
    expect(notPublished.statusCode).toBe(409);
  });

  it('lists posts of every status, searched by title and filtered by status, in pages', async () => {
    const headers = await owner();
    const marker = `Zebra${Date.now()}`;
    await createDraft(ctx, { title: `${marker} one` });
    await createPublished(ctx, { title: `${marker} two` });
    const all = await adminCall(ctx, headers, 'GET', `?search=${marker.toLowerCase()}`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, page: 1 });
    const drafts = await adminCall(ctx, headers, 'GET', `?search=${marker}&status=draft`);
    expect(drafts.json().items.map((p: PostAnswer) => p.title)).toEqual([`${marker} one`]);
    expect(drafts.json().items[0]).not.toHaveProperty('content');
    const paged = await adminCall(ctx, headers, 'GET', '?pageSize=1&page=2');
    expect(paged.json().items).toHaveLength(1);
    expect(paged.json().total).toBeGreaterThan(2);
    const imported = await adminCall(ctx, headers, 'GET', '?status=published&pageSize=100');
    expect(imported.json().items.some((p: PostAnswer) => p.imported)).toBe(true);
  });

  it('deletes a post: gone from the site and the console, and logged', async () => {
    const headers = await owner();
    const post = await createPublished(ctx);
    const deleted = await adminCall(ctx, headers, 'DELETE', `/${post.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await publicSlugs(ctx)).not.toContain(post.slug);
    expect((await adminCall(ctx, headers, 'GET', `/${post.id}`)).statusCode).toBe(404);
    expect((await adminCall(ctx, headers, 'DELETE', `/${post.id}`)).statusCode).toBe(404);
    expect(await auditActions(post.id)).toEqual(['post.create', 'post.publish', 'post.delete']);
  });
});

describe('slugs', () => {
  it('refuses a slug another post has with 409', async () => {
    const first = await createDraft(ctx);
    const response = await adminCall(
      ctx,
      await owner(),
      'POST',
      '',
      draftBody({ slug: first.slug }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: POST_MESSAGES.slugTaken(first.slug),
      type: 'slug_taken',
    });
  });

  it("keeps a published post's old slug answering 301 to the new one, and reserved for it", async () => {
    const headers = await owner();
    const post = await createPublished(ctx, { slug: `old-address-${Date.now()}` });
    const oldSlug = post.slug;
    const newSlug = `new-address-${Date.now()}`;
    const renamed = await adminCall(ctx, headers, 'PATCH', `/${post.id}`, { slug: newSlug });
    expect(renamed.statusCode).toBe(200);

    const moved = await ctx.app.inject({ method: 'GET', url: `/api/posts/${oldSlug}` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/api/posts/${newSlug}`);
    expect(await publicSlugs(ctx)).toContain(newSlug);
    expect(await publicSlugs(ctx)).not.toContain(oldSlug);

    // Nobody else may take the old address while it redirects.
    const taken = await adminCall(ctx, headers, 'POST', '', draftBody({ slug: oldSlug }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: POST_MESSAGES.slugReserved(oldSlug),
      type: 'slug_reserved',
    });
    const other = await createDraft(ctx);
    const patched = await adminCall(ctx, headers, 'PATCH', `/${other.id}`, { slug: oldSlug });
    expect(patched.statusCode).toBe(409);

    // The post itself may take its old address back; the one it leaves then redirects.
    const back = await adminCall(ctx, headers, 'PATCH', `/${post.id}`, { slug: oldSlug });
    expect(back.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/posts/${oldSlug}` })).statusCode).toBe(
      200,
    );
    const reverse = await ctx.app.inject({ method: 'GET', url: `/api/posts/${newSlug}` });
    expect(reverse.statusCode).toBe(301);
    expect(reverse.headers.location).toBe(`/api/posts/${oldSlug}`);

    // An unpublished post's old addresses answer 404, like the post.
    await adminCall(ctx, headers, 'POST', `/${post.id}/unpublish`);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/posts/${newSlug}` })).statusCode).toBe(
      404,
    );
  });

  it("keeps no redirect for a draft's slug change", async () => {
    const headers = await owner();
    const draft = await createDraft(ctx);
    await adminCall(ctx, headers, 'PATCH', `/${draft.id}`, { slug: `${draft.slug}-renamed` });
    const reuse = await adminCall(ctx, headers, 'POST', '', draftBody({ slug: draft.slug }));
    expect(reuse.statusCode).toBe(201);
  });
});

describe('revisions', () => {
  it('keeps the state before each save, with who saved, and restores one (itself a revision)', async () => {
    const headers = await owner();
    const post = await createDraft(ctx, { title: 'First title' });
    await adminCall(ctx, headers, 'PATCH', `/${post.id}`, { title: 'Second title' });
    const key = await apiKeyHeaders(ctx, ['posts:write', 'posts:read']);
    await adminCall(ctx, key, 'PATCH', `/${post.id}`, { title: 'Third title', tags: ['One'] });

    const list = await adminCall(ctx, headers, 'GET', `/${post.id}/revisions`);
    expect(list.statusCode).toBe(200);
    const items = list.json<{
      items: { id: string; snapshot: { title: string }; actor: { kind: string } }[];
    }>().items;
    expect(items.map((r) => [r.snapshot.title, r.actor.kind])).toEqual([
      ['Second title', 'api_key'],
      ['First title', 'staff'],
    ]);

    const first = items[1]!;
    const restored = await adminCall(
      ctx,
      headers,
      'POST',
      `/${post.id}/revisions/${first.id}/restore`,
    );
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ title: 'First title', tags: ['SEO', 'Writing'] });
    const after = await adminCall(ctx, headers, 'GET', `/${post.id}/revisions`);
    expect(after.json().items[0].snapshot.title).toBe('Third title');
    expect(after.json().items).toHaveLength(3);
    expect(await auditActions(post.id)).toEqual([
      'post.create',
      'post.update',
      'post.update',
      'post.restore',
    ]);

    const elsewhere = await createDraft(ctx);
    const wrongPost = await adminCall(
      ctx,
      headers,
      'POST',
      `/${elsewhere.id}/revisions/${first.id}/restore`,
    );
    expect(wrongPost.statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('lets each built-in role do what it holds', async () => {
    const post = await createDraft(ctx);
    const viewer = (
      await sessionFor(
        ctx,
        await insertStaffUser(ctx, { username: 'posts-viewer', role: 'viewer' }),
      )
    ).headers;
    const support = (
      await sessionFor(
        ctx,
        await insertStaffUser(ctx, { username: 'posts-support', role: 'support' }),
      )
    ).headers;
    const admin = (
      await sessionFor(ctx, await insertStaffUser(ctx, { username: 'posts-admin', role: 'admin' }))
    ).headers;

    expect((await adminCall(ctx, viewer, 'GET', `/${post.id}`)).statusCode).toBe(200);
    expect((await adminCall(ctx, viewer, 'PATCH', `/${post.id}`, { title: 'No' })).statusCode).toBe(
      403,
    );
    expect(
      (await adminCall(ctx, support, 'PATCH', `/${post.id}`, { title: 'Yes' })).statusCode,
    ).toBe(200);
    const supportPublish = await adminCall(ctx, support, 'POST', `/${post.id}/publish`);
    expect(supportPublish.statusCode).toBe(403);
    expect(supportPublish.json()).toMatchObject({
      type: 'missing_permission',
      permission: 'posts:publish',
    });
    expect((await adminCall(ctx, admin, 'POST', `/${post.id}/publish`)).statusCode).toBe(200);
  });

  it('gives an API key exactly its scopes: without posts:publish, publishing is 403', async () => {
    const writer = await apiKeyHeaders(ctx, ['posts:write']);
    const created = await adminCall(ctx, writer, 'POST', '', draftBody());
    expect(created.statusCode).toBe(201);
    const { id } = created.json<PostAnswer>();
    const refused = await adminCall(ctx, writer, 'POST', `/${id}/publish`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      type: 'missing_permission',
      permission: 'posts:publish',
    });
    expect((await adminCall(ctx, writer, 'GET', `/${id}`)).statusCode).toBe(403);

    const publisher = await apiKeyHeaders(ctx, ['posts:publish']);
    expect((await adminCall(ctx, publisher, 'POST', `/${id}/publish`)).statusCode).toBe(200);
    expect((await adminCall(ctx, publisher, 'PATCH', `/${id}`, { title: 'No' })).statusCode).toBe(
      403,
    );
    const log = await ctx.database.db
      .selectFrom('auditLog')
      .select(['action', 'actorKind'])
      .where('targetType', '=', 'post')
      .where('targetId', '=', String(id))
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'post.create', actorKind: 'api_key' },
      { action: 'post.publish', actorKind: 'api_key' },
    ]);
  });
});
