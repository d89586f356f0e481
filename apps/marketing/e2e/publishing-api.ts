import { randomUUID } from 'node:crypto';
import type { Stack } from '@repo/e2e';
import { expect } from 'vitest';
import { signInStaff } from './beta-invitation';

/** An API key with the three posts permissions, made by the first Owner (the product publishing). */
export async function publishingKey(stack: Stack, setupToken: string): Promise<string> {
  const staff = await signInStaff(stack, setupToken);
  const response = await fetch(`${stack.apiUrl}/api/admin/api-keys`, {
    method: 'POST',
    headers: {
      cookie: staff.cookie,
      origin: new URL(stack.publicUrls.admin).origin,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      name: 'Wordloom publisher',
      permissions: ['posts:read', 'posts:write', 'posts:publish'],
      expiresInDays: 1,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { formattedKey: string }).formattedKey;
}

/** A call of the admin posts API with that key; a retried create is told apart by its Idempotency-Key. */
export async function postsApi(
  stack: Stack,
  key: string,
  method: string,
  path: string,
  body?: object,
): Promise<{ id: number; slug: string }> {
  const response = await fetch(`${stack.apiUrl}/api/admin/posts${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as { id: number; slug: string };
}
