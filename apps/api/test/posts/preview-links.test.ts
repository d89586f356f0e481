import {
  missingPermissionMessage,
  POST_CHECK_MESSAGES,
  POST_PREVIEW_LINK_MESSAGES,
} from '@repo/validation';
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type * as previewLinksRepository from '../../src/posts/preview-links-repository';
import { findPreviewLink } from '../../src/posts/preview-links-repository';
import { previewToken } from '../../src/posts/preview-tokens';
import { insertStaffUser, sessionFor, signInAdmin } from '../helpers/admin';
import { useTestContext } from '../helpers/use-context';
import { adminCall, createDraft } from './helpers';

/*
 * Issue 31: preview links are recorded rows. Making one needs posts:write; each
 * stops when revoked, when it expires, and while its creator cannot act (a
 * disabled account, a revoked or expired key, a key whose creator is disabled).
 * A forged or pre-issue-31 token is refused before the database is asked.
 */

// The site's read looks links up through this; the forged-token test counts the calls.
vi.mock('../../src/posts/preview-links-repository', async (importOriginal) => {
  const actual = await importOriginal<typeof previewLinksRepository>();
  return { ...actual, findPreviewLink: vi.fn(actual.findPreviewLink) };
});

const ctx = useTestContext();
const SECRET = 'test-post-preview-secret-that-is-long-enough-9012';
const owner = () => signInAdmin(ctx).then((session) => session.headers);

interface CreatedLink {
  id: string;
  url: string;
  expiresAt: string;
}
interface LinkRecord {
  id: string;
  postId: number;
  createdBy: { kind: string; label: string };
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  revokedBy: { kind: string; label: string } | null;
  status: string;
}

let staffCount = 0;
/** A signed-in account of `role`; its headers and id. */
async function staff(role: 'owner' | 'admin' | 'support' | 'viewer') {
  staffCount += 1;
  const id = await insertStaffUser(ctx, { username: `links-${role}-${staffCount}`, role });
  return sessionFor(ctx, id);
}

/** An API key made by `maker` (an Owner's session) holding `permissions`; its header and row id. */
async function keyOf(maker: Record<string, string>, permissions: string[]) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: maker,
    payload: { name: `Preview tool ${staffCount}`, permissions, expiresInDays: 1 },
  });
  expect(created.statusCode, created.body).toBe(201);
  const body = created.json<{ formattedKey: string; apiKey: { id: string } }>();
  return { headers: { authorization: `Bearer ${body.formattedKey}` }, id: body.apiKey.id };
}

async function mint(postId: number, headers: Record<string, string>, body?: object) {
  const response = await adminCall(ctx, headers, 'POST', `/${postId}/preview-link`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatedLink>();
}
const tokenOf = (link: { url: string }) => link.url.split('/').at(-1) ?? '';
const preview = (token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/post-previews/${token}` });
const status = async (link: { url: string }) => (await preview(tokenOf(link))).statusCode;

async function listOf(postId: number, headers: Record<string, string>) {
  const response = await adminCall(ctx, headers, 'GET', `/${postId}/preview-links`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: LinkRecord[] }>().items;
}
const revoke = (postId: number, linkId: string, headers: Record<string, string>) =>
  adminCall(ctx, headers, 'DELETE', `/${postId}/preview-links/${linkId}`);

async function setAccount(userId: string, action: 'disable' | 'enable') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/accounts/${userId}/${action}`,
    headers: await owner(),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function auditActions(postId: number) {
  return ctx.database.db
    .selectFrom('auditLog')
    .select(['action', 'actorKind', 'actorId', 'details'])
    .where('targetType', '=', 'post')
    .where('targetId', '=', String(postId))
    .where('action', 'like', 'post.preview_link%')
    .orderBy('id')
    .execute();
}

describe('making a preview link', () => {
  it('needs posts:write: a Viewer (posts:read) and a read-only key get 403 and record nothing', async () => {
    const post = await createDraft(ctx);
    const viewer = await staff('viewer');
    const reader = await keyOf(await owner(), ['posts:read']);
    for (const headers of [viewer.headers, reader.headers]) {
      const refused = await adminCall(ctx, headers, 'POST', `/${post.id}/preview-link`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: missingPermissionMessage('posts:write'),
        type: 'missing_permission',
        permission: 'posts:write',
      });
    }
    expect(await listOf(post.id, viewer.headers)).toEqual([]);
    expect(await auditActions(post.id)).toEqual([]);
  });

  it('is given to writers (Support, a posts:write key), recorded with who and until when, and audited', async () => {
    const post = await createDraft(ctx);
    const support = await staff('support');
    const writer = await keyOf(await owner(), ['posts:write']);
    const fromStaff = await mint(post.id, support.headers, { hours: 2 });
    const fromKey = await mint(post.id, writer.headers);
    expect(fromStaff.url).toMatch(
      /^http:\/\/localhost:3000\/blog\/preview\/[0-9a-f-]{36}\.[\w-]{43}$/,
    );
    expect(tokenOf(fromStaff).startsWith(`${fromStaff.id}.`)).toBe(true);
    const hours = (Date.parse(fromStaff.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);

    const list = await listOf(post.id, (await staff('viewer')).headers);
    expect(list.map((link) => link.id)).toEqual([fromKey.id, fromStaff.id]);
    expect(list[1]).toEqual({
      id: fromStaff.id,
      postId: post.id,
      createdBy: { kind: 'staff', label: expect.stringMatching(/^links-support-/) },
      createdAt: expect.any(String),
      expiresAt: fromStaff.expiresAt,
      revokedAt: null,
      revokedBy: null,
      status: 'active',
    });
    expect(Math.abs(Date.parse(list[1]!.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(list[0]).toMatchObject({
      createdBy: { kind: 'api_key', label: expect.stringMatching(/^API key /) },
      status: 'active',
    });
    // The list never carries a link: a reader cannot pick up someone else's.
    expect(JSON.stringify(list)).not.toContain(tokenOf(fromStaff).split('.')[1]);
    expect(JSON.stringify(list)).not.toContain('/blog/preview/');

    const audit = await auditActions(post.id);
    expect(audit).toEqual([
      {
        action: 'post.preview_link_create',
        actorKind: 'staff',
        actorId: support.userId,
        details: { title: post.title, linkId: fromStaff.id, expiresAt: fromStaff.expiresAt },
      },
      expect.objectContaining({
        action: 'post.preview_link_create',
        actorKind: 'api_key',
        actorId: writer.id,
      }),
    ]);
  });

  it('answers 404 for a missing post and 400 for a bad life, recording nothing', async () => {
    const headers = await owner();
    expect((await adminCall(ctx, headers, 'POST', '/999999/preview-link')).statusCode).toBe(404);
    const post = await createDraft(ctx);
    for (const hours of [0, 169, 1.5, 'long', null]) {
      const response = await adminCall(ctx, headers, 'POST', `/${post.id}/preview-link`, { hours });
      expect(response.statusCode, String(hours)).toBe(400);
      expect(response.json().message).toBe(POST_CHECK_MESSAGES.previewHours);
    }
    expect(await listOf(post.id, headers)).toEqual([]);
  });
});

describe('reading a preview link', () => {
  it("answers a draft's page in the public shape, uncached and noindex", async () => {
    const post = await createDraft(ctx, { authorBio: 'Writes.' });
    const response = await preview(tokenOf(await mint(post.id, await owner())));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.json()).toMatchObject({ id: post.id, slug: post.slug, authorBio: 'Writes.' });
    expect(response.json()).not.toHaveProperty('status');
  });

  it('works until revoked, then answers 404 as an unknown link; a second revoke is 409', async () => {
    const post = await createDraft(ctx);
    const writer = await staff('support');
    const link = await mint(post.id, writer.headers);
    expect(await status(link)).toBe(200);

    const revoked = await revoke(post.id, link.id, (await staff('admin')).headers);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      id: link.id,
      status: 'revoked',
      revokedAt: expect.any(String),
      revokedBy: { kind: 'staff', label: expect.stringMatching(/^links-admin-/) },
    });
    const response = await preview(tokenOf(link));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: POST_CHECK_MESSAGES.previewInvalid });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect((await listOf(post.id, writer.headers))[0]).toMatchObject({ status: 'revoked' });

    const again = await revoke(post.id, link.id, writer.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: POST_PREVIEW_LINK_MESSAGES.alreadyRevoked });
    expect((await auditActions(post.id)).map((entry) => entry.action)).toEqual([
      'post.preview_link_create',
      'post.preview_link_revoke',
    ]);
  });

  it('stops while its staff creator is disabled, and works again once the account is enabled', async () => {
    const post = await createDraft(ctx);
    const writer = await staff('support');
    const link = await mint(post.id, writer.headers);
    await setAccount(writer.userId, 'disable');
    const response = await preview(tokenOf(link));
    expect(response.statusCode).toBe(404);
    // The same answer as a forged link: nothing about the account behind it.
    expect(response.json()).toMatchObject({ message: POST_CHECK_MESSAGES.previewInvalid });
    expect((await listOf(post.id, await owner()))[0]).toMatchObject({
      status: 'creator_disabled',
    });
    await setAccount(writer.userId, 'enable');
    expect(await status(link)).toBe(200);
  });

  it('stops when the API key that made it is revoked', async () => {
    const post = await createDraft(ctx);
    const key = await keyOf(await owner(), ['posts:write']);
    const link = await mint(post.id, key.headers);
    expect(await status(link)).toBe(200);
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${key.id}`,
      headers: await owner(),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await status(link)).toBe(404);
    expect((await listOf(post.id, await owner()))[0]).toMatchObject({
      status: 'creator_disabled',
    });
  });

  it('stops when the API key that made it expires', async () => {
    const post = await createDraft(ctx);
    const key = await keyOf(await owner(), ['posts:write']);
    const link = await mint(post.id, key.headers);
    await ctx.database.db
      .updateTable('apiKeys')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', key.id)
      .execute();
    expect(await status(link)).toBe(404);
  });

  it('stops when the account that made the API key is disabled', async () => {
    const post = await createDraft(ctx);
    const keyMaker = await staff('owner');
    const key = await keyOf(keyMaker.headers, ['posts:write']);
    const link = await mint(post.id, key.headers);
    expect(await status(link)).toBe(200);
    await setAccount(keyMaker.userId, 'disable');
    expect(await status(link)).toBe(404);
  });

  it('answers 410 once expired (the database clock decides)', async () => {
    const post = await createDraft(ctx);
    const link = await mint(post.id, await owner(), { hours: 1 });
    // created_at is never updated by the app (its type says so): a test moves both back.
    await sql`update post_preview_links
      set created_at = now() - interval '2 hours', expires_at = now() - interval '1 second'
      where id = ${link.id}`.execute(ctx.database.db);
    const response = await preview(tokenOf(link));
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ message: POST_CHECK_MESSAGES.previewExpired });
    expect((await listOf(post.id, await owner()))[0]).toMatchObject({ status: 'expired' });
  });

  it('answers 404 to a forged, tampered or other-secret token without asking the database', async () => {
    const post = await createDraft(ctx);
    const link = await mint(post.id, await owner());
    const [id, signature] = tokenOf(link).split('.') as [string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const otherId = '00000000-0000-4000-8000-000000000000';
    const forged = [
      `${id}.${flipped}`,
      `${otherId}.${signature}`,
      previewToken('another-secret-that-is-also-long-enough-000', id),
      'not-a-token',
      encodeURIComponent(`${id}.<script>`),
    ];
    const lookups = vi.mocked(findPreviewLink);
    lookups.mockClear();
    for (const token of forged) {
      const response = await preview(token);
      expect(response.statusCode, token).toBe(404);
      expect(response.json(), token).toMatchObject({
        message: POST_CHECK_MESSAGES.previewInvalid,
      });
      expect(response.headers['cache-control'], token).toBe('private, no-store');
    }
    expect(lookups).not.toHaveBeenCalled();
    // A well-signed token of a link that does not exist is looked up, and finds nothing: 404.
    expect((await preview(previewToken(SECRET, otherId))).statusCode).toBe(404);
    expect(lookups).toHaveBeenCalledTimes(1);
    // Fastify refuses a path parameter over 100 characters before any route: a 400.
    expect((await preview('x'.repeat(500))).statusCode).toBe(400);
    expect(await status(link)).toBe(200);
  });

  it('no longer honours a link made before issue 31 (post id, expiry, signature; no row)', async () => {
    const post = await createDraft(ctx);
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    const signature = createHmac('sha256', SECRET)
      .update(`post-preview:${post.id}:${expiry}`)
      .digest('base64url');
    const response = await preview(`${post.id}.${expiry}.${signature}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: POST_CHECK_MESSAGES.previewInvalid });
  });

  it("stops answering a deleted post's link (its rows go with it)", async () => {
    const headers = await owner();
    const post = await createDraft(ctx);
    const link = await mint(post.id, headers);
    await adminCall(ctx, headers, 'DELETE', `/${post.id}`);
    expect(await status(link)).toBe(404);
  });
});

describe('the list and revoke routes', () => {
  it('revoking needs posts:write; a Viewer gets 403 and the link keeps working', async () => {
    const post = await createDraft(ctx);
    const link = await mint(post.id, await owner());
    const refused = await revoke(post.id, link.id, (await staff('viewer')).headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ permission: 'posts:write' });
    expect(await status(link)).toBe(200);
  });

  it("answers 404 for another post's link, an unknown link, a malformed id and a missing post", async () => {
    const headers = await owner();
    const post = await createDraft(ctx);
    const other = await createDraft(ctx);
    const link = await mint(post.id, headers);
    for (const [path, message] of [
      [`/${other.id}/preview-links/${link.id}`, POST_PREVIEW_LINK_MESSAGES.notFound],
      [
        `/${post.id}/preview-links/00000000-0000-4000-8000-000000000000`,
        POST_PREVIEW_LINK_MESSAGES.notFound,
      ],
      [`/${post.id}/preview-links/not-a-uuid`, POST_PREVIEW_LINK_MESSAGES.notFound],
      [`/999999/preview-links/${link.id}`, POST_PREVIEW_LINK_MESSAGES.notFound],
      [`/0/preview-links/${link.id}`, 'Post not found'],
    ] as const) {
      const response = await adminCall(ctx, headers, 'DELETE', path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().message, path).toBe(message);
    }
    expect(await status(link)).toBe(200);
    expect((await adminCall(ctx, headers, 'GET', '/999999/preview-links')).statusCode).toBe(404);
  });

  it('lets a key with posts:write revoke, recorded as the key', async () => {
    const post = await createDraft(ctx);
    const key = await keyOf(await owner(), ['posts:write']);
    const link = await mint(post.id, await owner());
    const revoked = await revoke(post.id, link.id, key.headers);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ revokedBy: { kind: 'api_key' } });
    expect((await auditActions(post.id)).at(-1)).toMatchObject({
      action: 'post.preview_link_revoke',
      actorKind: 'api_key',
      actorId: key.id,
      details: { linkId: link.id, title: post.title },
    });
  });
});
