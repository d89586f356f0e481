import type { Permission } from '@repo/validation';
import { expect } from 'vitest';
import { signInAdmin } from '../helpers/admin';
import type { TestContext } from '../helpers/test-app';

/** A valid new post; `overrides` over it. */
export const draftBody = (overrides: Record<string, unknown> = {}) => ({
  title: `A post ${Math.random().toString(36).slice(2, 10)}`,
  excerpt: 'What the post is about, in one sentence.',
  category: 'Guides',
  tags: ['SEO', 'Writing'],
  author: 'Ada Lovelace',
  content: '## Hello\n\nThe body of the post, in markdown.',
  ...overrides,
});

/** An API key holding exactly `permissions`, made by the Owner; its Authorization header. */
export async function apiKeyHeaders(
  ctx: TestContext,
  permissions: Permission[],
): Promise<{ authorization: string }> {
  const owner = await signInAdmin(ctx);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: owner.headers,
    payload: { name: `Key ${permissions.join(' ')}`, permissions, expiresInDays: 1 },
  });
  expect(created.statusCode).toBe(201);
  return { authorization: `Bearer ${created.json<{ formattedKey: string }>().formattedKey}` };
}

export interface PostAnswer {
  id: number;
  slug: string;
  title: string;
  status: string;
  date: string;
  scheduledAt: string | null;
  publishedAt: string | null;
  imported: boolean;
}

/** Calls an admin posts route as `headers`. */
export function adminCall(
  ctx: TestContext,
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
  extraHeaders: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url: `/api/admin/posts${path}`,
    headers: { ...headers, ...extraHeaders },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Creates a draft as the Owner and returns it. */
export async function createDraft(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
): Promise<PostAnswer> {
  const owner = await signInAdmin(ctx);
  const response = await adminCall(ctx, owner.headers, 'POST', '', draftBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PostAnswer>();
}

/** Creates and publishes a post as the Owner. */
export async function createPublished(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
): Promise<PostAnswer> {
  const owner = await signInAdmin(ctx);
  const draft = await createDraft(ctx, overrides);
  const published = await adminCall(ctx, owner.headers, 'POST', `/${draft.id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  return published.json<PostAnswer>();
}

/** The slugs GET /api/posts lists now. */
export async function publicSlugs(ctx: TestContext): Promise<string[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/posts' });
  expect(response.statusCode).toBe(200);
  return response.json<{ slug: string }[]>().map((post) => post.slug);
}
