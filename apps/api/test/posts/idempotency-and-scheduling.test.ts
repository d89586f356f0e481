import { createDatabase, readBlogPosts } from '@repo/db';
import { POST_MESSAGES } from '@repo/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { systemActor } from '../../src/audit/audit-log';
import { buildApp } from '../../src/app';
import { publishDuePosts } from '../../src/posts/publishing';
import { prepareDatabase } from '../../src/prepare-database';
import { signInAdmin } from '../helpers/admin';
import { useTestContext } from '../helpers/use-context';
import { adminCall, apiKeyHeaders, createDraft, draftBody, type PostAnswer } from './helpers';

/*
 * Issue 23: a client that retries a create after a timeout makes one post; the
 * seed never overwrites an edit; a scheduled post publishes itself once, however
 * many instances run; hostile input is a 4xx, never a 500.
 */

const ctx = useTestContext();
const owner = () => signInAdmin(ctx).then((session) => session.headers);

async function countTitled(title: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('blogPosts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Polls until `check` passes, for at most 10 s. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Idempotency-Key on POST /api/admin/posts', () => {
  it('answers a retry with the same key and body with the first answer, and creates nothing', async () => {
    const key = await apiKeyHeaders(ctx, ['posts:write']);
    const body = draftBody();
    const first = await adminCall(ctx, key, 'POST', '', body, { 'idempotency-key': 'retry-1' });
    expect(first.statusCode).toBe(201);
    const retry = await adminCall(ctx, key, 'POST', '', body, { 'idempotency-key': 'retry-1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await countTitled(body.title)).toBe(1);
  });

  it('makes one post of retries sent at once', async () => {
    const key = await apiKeyHeaders(ctx, ['posts:write']);
    const body = draftBody();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        adminCall(ctx, key, 'POST', '', body, { 'idempotency-key': 'burst-1' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json<PostAnswer>().id)).size).toBe(1);
    expect(await countTitled(body.title)).toBe(1);
  });

  it('refuses the same key with another body (422), and scopes keys to the caller', async () => {
    const key = await apiKeyHeaders(ctx, ['posts:write']);
    const first = await adminCall(ctx, key, 'POST', '', draftBody(), { 'idempotency-key': 'k-2' });
    expect(first.statusCode).toBe(201);
    const other = draftBody();
    const reused = await adminCall(ctx, key, 'POST', '', other, { 'idempotency-key': 'k-2' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: POST_MESSAGES.idempotencyKeyReused,
      type: 'idempotency_key_reused',
    });
    expect(await countTitled(other.title)).toBe(0);
    // Another caller's key of the same name is its own.
    const mine = await adminCall(ctx, await owner(), 'POST', '', other, {
      'idempotency-key': 'k-2',
    });
    expect(mine.statusCode).toBe(201);
    expect(await countTitled(other.title)).toBe(1);
  });

  it('keeps no answer of a refused create: the retry is judged afresh', async () => {
    const headers = await owner();
    const taken = await createDraft(ctx);
    const body = draftBody({ slug: taken.slug });
    const refused = await adminCall(ctx, headers, 'POST', '', body, { 'idempotency-key': 'k-3' });
    expect(refused.statusCode).toBe(409);
    await adminCall(ctx, headers, 'DELETE', `/${taken.id}`);
    const retried = await adminCall(ctx, headers, 'POST', '', body, { 'idempotency-key': 'k-3' });
    expect(retried.statusCode).toBe(201);
  });

  it('replays an answer for 24 hours only', async () => {
    const key = await apiKeyHeaders(ctx, ['posts:write']);
    const body = draftBody({ slug: `day-old-${Date.now()}` });
    await adminCall(ctx, key, 'POST', '', body, { 'idempotency-key': 'k-old' });
    await ctx.database.db
      .updateTable('idempotencyKeys')
      .set({ createdAt: sql<Date>`now() - interval '25 hours'` })
      .where('key', '=', 'k-old')
      .execute();
    // An expired key is a new request: this one meets its own slug (409), not a replay.
    const late = await adminCall(ctx, key, 'POST', '', body, { 'idempotency-key': 'k-old' });
    expect(late.statusCode).toBe(409);
  });
});

describe('the seed', () => {
  it('imports into an empty table only: an edit survives a restart', async () => {
    const headers = await owner();
    const [shipped] = await readBlogPosts();
    const row = await ctx.database.db
      .selectFrom('blogPosts')
      .select(['id', 'importedAt', 'status'])
      .where('slug', '=', shipped!.slug)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'published', importedAt: expect.any(Date) });
    const edited = await adminCall(ctx, headers, 'PATCH', `/${row.id}`, {
      title: 'Fixed a typo in the console',
    });
    expect(edited.statusCode).toBe(200);

    // A restart: the start-up work again, and a new instance on the same database.
    expect(await prepareDatabase(ctx.database.db)).toEqual({ posts: 0, boostChanged: false });
    const restarted = await buildApp({ config: ctx.config, db: ctx.database.db });
    try {
      const post = await restarted.inject({ method: 'GET', url: `/api/posts/${shipped!.slug}` });
      expect(post.json()).toMatchObject({ title: 'Fixed a typo in the console' });
    } finally {
      await restarted.close();
    }
  });
});

describe('the scheduler', () => {
  it('publishes each due post exactly once with two instances on one database', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 12; index += 1) ids.push((await createDraft(ctx)).id);
    await ctx.database.db
      .updateTable('blogPosts')
      .set({ status: 'scheduled', scheduledAt: sql<Date>`now() - interval '1 second'` })
      .where('id', 'in', ids)
      .execute();

    // Two instances with their own connection pools, each running the job every 20 ms.
    const second = ctx.database.url
      ? await createDatabase({ kind: 'postgres', url: ctx.database.url })
      : undefined;
    const apps = await Promise.all(
      [ctx.database.db, second?.db ?? ctx.database.db].map((db) =>
        buildApp({ config: ctx.config, db, postScheduler: { start: true, intervalMs: 20 } }),
      ),
    );
    try {
      await Promise.all(apps.map((app) => app.ready()));
      await eventually(async () => {
        const left = await ctx.database.db
          .selectFrom('blogPosts')
          .select('id')
          .where('id', 'in', ids)
          .where('status', '=', 'scheduled')
          .execute();
        return left.length === 0;
      });
      // And straight calls racing each other find nothing more to do.
      const racing = await Promise.all(
        apps.map((app) => publishDuePosts(app.db, systemActor('post scheduler'))),
      );
      expect(racing.flat().filter((id) => ids.includes(id))).toEqual([]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await second?.close();
    }
    const publishes = await ctx.database.db
      .selectFrom('auditLog')
      .select(['targetId', 'actorKind'])
      .where('action', '=', 'post.publish')
      .where('targetId', 'in', ids.map(String))
      .execute();
    expect(publishes.map((entry) => Number(entry.targetId)).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    );
    expect(new Set(publishes.map((entry) => entry.actorKind))).toEqual(new Set(['system']));
    const first = await adminCall(ctx, await owner(), 'GET', `/${ids[0]}`);
    expect(first.json()).toMatchObject({ status: 'published', publishedAt: expect.any(String) });
  });

  it('leaves a post scheduled for later alone', async () => {
    const post = await createDraft(ctx);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await adminCall(ctx, await owner(), 'POST', `/${post.id}/schedule`, { at });
    expect(await publishDuePosts(ctx.database.db, systemActor('post scheduler'))).not.toContain(
      post.id,
    );
  });
});

describe('hostile input', () => {
  it('answers 4xx with a message, never 500', async () => {
    const headers = await owner();
    const post = await createDraft(ctx);
    const cases: [
      string,
      'GET' | 'POST' | 'PATCH' | 'DELETE',
      string,
      unknown,
      Record<string, string>?,
    ][] = [
      ['no title', 'POST', '', { ...draftBody(), title: '' }],
      ['an emoji title', 'POST', '', draftBody({ title: '🚀🚀🚀' })],
      ['an overlong title', 'POST', '', draftBody({ title: 'x'.repeat(10_000) })],
      ['a slug with a path', 'POST', '', draftBody({ slug: '../admin' })],
      ['a slug in capitals', 'POST', '', draftBody({ slug: 'Hello-World' })],
      ['tags as a string', 'POST', '', draftBody({ tags: 'seo' })],
      ['a javascript: image', 'POST', '', draftBody({ featuredImage: 'javascript:alert(1)' })],
      [
        'a protocol-relative image',
        'POST',
        '',
        draftBody({ featuredImage: '//evil.example/x.png' }),
      ],
      ['a negative reading time', 'POST', '', draftBody({ readingTime: -3 })],
      ['a body that is an array', 'POST', '', [1, 2, 3]],
      ['a key with spaces', 'POST', '', draftBody(), { 'idempotency-key': 'a b' }],
      ['an overlong key', 'POST', '', draftBody(), { 'idempotency-key': 'k'.repeat(300) }],
      ['an empty patch', 'PATCH', `/${post.id}`, {}],
      ['a slug of null', 'PATCH', `/${post.id}`, { slug: null }],
      ['an id that is text', 'GET', '/abc', undefined],
      ['an id too big', 'GET', '/99999999999', undefined],
      ['an id of zero', 'PATCH', '/0', { title: 'x' }],
      ['an unknown post', 'POST', '/2147483647/publish', undefined],
      ['a revision that is not a uuid', 'POST', `/${post.id}/revisions/1/restore`, undefined],
      [
        'an unknown revision',
        'POST',
        `/${post.id}/revisions/00000000-0000-4000-8000-000000000000/restore`,
        undefined,
      ],
      ['a time that is not one', 'POST', `/${post.id}/schedule`, { at: 'tomorrow' }],
      ['a time without offset', 'POST', `/${post.id}/schedule`, { at: '2099-01-01T10:00:00' }],
      ['a time too far', 'POST', `/${post.id}/schedule`, { at: '9999-01-01T10:00:00Z' }],
      ['an unknown status', 'GET', '?status=live', undefined],
      ['a page size too big', 'GET', '?pageSize=100000', undefined],
    ];
    for (const [label, method, path, payload, extra] of cases) {
      const response = await adminCall(ctx, headers, method, path, payload as object, extra);
      expect.soft(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect.soft(response.statusCode, label).toBeLessThan(500);
      expect.soft(response.json().message, label).toEqual(expect.any(String));
    }
    const search = await adminCall(
      ctx,
      headers,
      'GET',
      `?search=${encodeURIComponent("%_' or 1=1 --")}`,
    );
    expect(search.statusCode).toBe(200);
    expect(search.json().total).toBe(0);
    const emoji = await adminCall(ctx, headers, 'POST', '', draftBody({ title: '🚀🚀🚀' }));
    expect(emoji.json().message).toBe(POST_MESSAGES.slugFromTitle);
  });
});
