import { describe, expect, it } from 'vitest';
import { signInStaff } from './beta-invitation';
import { setUpHarness } from './harness';

/*
 * Issue 23: a draft's signed preview link (POST /api/admin/posts/:id/preview-link)
 * opens on the site, rendered as the post's page will be, with a Preview notice;
 * it is never indexed nor cached, and the draft's own address still shows nothing.
 * Issue 31: the link is recorded; once revoked, the site's next view refuses it.
 */

const SETUP_TOKEN = 'e2e-preview-setup-token-0123456789';
const { harness, openPage } = setUpHarness({ apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN } });

const SENTENCE = 'Only the people holding the preview link can read this draft sentence.';

async function staffPost<T>(
  cookie: string,
  path: string,
  body: object | undefined,
  method: 'POST' | 'DELETE' = 'POST',
): Promise<T> {
  const response = await fetch(`${harness.stack.apiUrl}/api/admin/posts${path}`, {
    method,
    headers: {
      cookie,
      origin: new URL(harness.stack.publicUrls.admin).origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as T;
}

describe('a preview link of a draft (issue 23)', () => {
  it('shows the draft as its page, noindex and uncached, while /blog/<slug> shows nothing', async () => {
    const staff = await signInStaff(harness.stack, SETUP_TOKEN);
    const draft = await staffPost<{ id: number; slug: string }>(staff.cookie, '', {
      title: 'A draft nobody should find yet',
      excerpt: 'What the preview shows before the post is published.',
      category: 'Guides',
      tags: ['Preview'],
      author: 'Ada Lovelace',
      content: `## What is inside\n\n${SENTENCE}\n\n[Jump up](#what-is-inside)`,
    });
    const link = await staffPost<{ id: string; url: string; expiresAt: string }>(
      staff.cookie,
      `/${draft.id}/preview-link`,
      {},
    );
    const url = new URL(link.url);
    expect(url.origin).toBe(harness.baseUrl);
    expect(url.pathname).toMatch(/^\/blog\/preview\/[0-9a-f-]{36}\.[\w-]{43}$/);

    const page = await openPage(url.pathname);
    await page.getByRole('heading', { level: 1, name: 'A draft nobody should find yet' }).waitFor();
    expect(await page.getByText(SENTENCE).isVisible()).toBe(true);
    expect(await page.locator('[data-preview-notice]').innerText()).toContain('Preview');
    expect(await page.locator('h2#what-is-inside').count()).toBe(1);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    // Twice: the site's page cache must not keep it (nor answer the second from memory).
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await fetch(`${harness.baseUrl}${url.pathname}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('x-cache') ?? 'none').not.toMatch(/hit/i);
      expect(await response.text()).toContain(SENTENCE);
    }

    // The draft's own address: not the post (spec section 8: an unknown slug goes to /blog).
    const direct = await fetch(`${harness.baseUrl}/blog/${draft.slug}`, { redirect: 'manual' });
    expect(direct.status).not.toBe(200);
    expect(direct.headers.get('location')).toBe('/blog');
    const apiDirect = await fetch(`${harness.stack.apiUrl}/api/posts/${draft.slug}`);
    expect(apiDirect.status).toBe(404);

    // Revoked in the console (issue 31): the next view says the link is not valid.
    await staffPost(staff.cookie, `/${draft.id}/preview-links/${link.id}`, undefined, 'DELETE');
    const revoked = await fetch(`${harness.baseUrl}${url.pathname}`);
    expect(revoked.status).toBe(404);
    expect(revoked.headers.get('cache-control')).toBe('private, no-store');
    const revokedPage = await revoked.text();
    expect(revokedPage).toContain('This preview link is not valid');
    expect(revokedPage).not.toContain(SENTENCE);
  });

  it('refuses a tampered link with a 404 page that says so', async () => {
    const forged = `/blog/preview/00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`;
    const page = await openPage(forged, { allow404: true });
    await page.getByRole('heading', { name: 'Preview unavailable' }).waitFor();
    expect(await page.getByText('This preview link is not valid').isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  });
});
