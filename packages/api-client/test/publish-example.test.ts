import { type Stack, startStack } from '@repo/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPost } from '../examples/publish-post';

/*
 * The typed-client example of docs/publishing.md, run against a real API with
 * a real API key: what the docs show works as written.
 */

const SETUP_TOKEN = 'publish-example-setup-token-0123456789';
let stack: Stack;
let apiKey: string;

beforeAll(async () => {
  stack = await startStack({ apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN } });
  const signUp = await fetch(`${stack.apiUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Pablo Publisher',
      email: 'pablo@wordloom.test',
      username: 'pablo',
      password: 'correct-horse-battery',
      setupToken: SETUP_TOKEN,
    }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(201);
  const cookie = signUp.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const created = await fetch(`${stack.apiUrl}/api/admin/api-keys`, {
    method: 'POST',
    headers: { cookie, origin: stack.publicUrls.admin, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Example publisher',
      permissions: ['posts:read', 'posts:write', 'posts:publish'],
      expiresInDays: 1,
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  apiKey = ((await created.json()) as { formattedKey: string }).formattedKey;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the typed-client publishing example (issue 23)', () => {
  it('creates and publishes a post the site then lists', async () => {
    const published = await publishPost(stack.apiUrl, apiKey);
    expect(published).toMatchObject({ status: 'published', title: expect.any(String) });
    const response = await fetch(`${stack.apiUrl}/api/posts/${published.slug}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ title: published.title });
  });

  it("throws the API's error (an ApiError with its status) for a key the API does not know", async () => {
    await expect(publishPost(stack.apiUrl, 'wl_not_a_real_key')).rejects.toMatchObject({
      status: 401,
    });
  });
});
