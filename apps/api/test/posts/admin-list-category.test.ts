import { describe, expect, it } from 'vitest';
import { signInAdmin } from '../helpers/admin';
import { useTestContext } from '../helpers/use-context';
import { adminCall, createDraft } from './helpers';

const ctx = useTestContext();

describe('GET /api/admin/posts?category= (the console filter, issue 23)', () => {
  it('lists the posts of one category, whatever its case, and counts only them', async () => {
    const marker = `Cat${Math.random().toString(36).slice(2, 8)}`;
    await createDraft(ctx, { category: `${marker} Notes`, title: `${marker} one` });
    await createDraft(ctx, { category: `${marker} notes`, title: `${marker} two` });
    await createDraft(ctx, { category: 'Guides', title: `${marker} three` });
    const { headers } = await signInAdmin(ctx);

    const response = await adminCall(
      ctx,
      headers,
      'GET',
      `?search=${marker}&category=${encodeURIComponent(`${marker} NOTES`)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ items: { title: string }[]; total: number }>();
    expect(page.items.map((post) => post.title).sort()).toEqual([`${marker} one`, `${marker} two`]);
    expect(page.total).toBe(2);

    // Past the last page the count is still the filtered one.
    const beyond = await adminCall(
      ctx,
      headers,
      'GET',
      `?search=${marker}&category=${encodeURIComponent(`${marker} notes`)}&page=5`,
    );
    expect(beyond.json<{ total: number }>().total).toBe(2);
  });

  it('answers 400 to a category longer than a category can be', async () => {
    const { headers } = await signInAdmin(ctx);
    const response = await adminCall(ctx, headers, 'GET', `?category=${'x'.repeat(61)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/category/);
  });
});
