import { describe, expect, it } from 'vitest';
import {
  apiRoutes,
  createApiClient,
  createConsoleEndpoints,
  createSiteEndpoints,
  pathWithParams,
} from '../src';

function recordingFetch(status = 200, body = '{}') {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fn = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({
      method: init?.method ?? 'GET',
      url: String(url),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response(status === 204 ? null : body, { status });
  };
  return { fn: fn as typeof fetch, calls };
}

describe('the route table', () => {
  it('encodes path parameters', () => {
    expect(apiRoutes.admin.beta.approve('a/b c')).toBe('/api/admin/beta/approve/a%2Fb%20c');
    expect(apiRoutes.admin.accounts.session('u1', 's/1')).toBe(
      '/api/admin/accounts/u1/sessions/s%2F1',
    );
  });

  it('builds query strings without empty values', () => {
    expect(pathWithParams(apiRoutes.admin.waitlist.list, { page: 2, search: '' })).toBe(
      '/api/admin/waitlist?page=2',
    );
  });
});

describe('the typed calls', () => {
  it("send the site's calls to its routes", async () => {
    const { fn, calls } = recordingFetch(200, '{"progress":null}');
    const site = createSiteEndpoints(createApiClient({ fetch: fn }));
    expect(await site.betaFeedback.progress('key 1')).toEqual({ progress: null });
    await site.betaFeedback.saveProgress({ key: 'k', step: 1, answers: {} });
    expect(calls).toEqual([
      { method: 'GET', url: '/api/beta-feedback/progress?key=key+1', body: undefined },
      {
        method: 'PUT',
        url: '/api/beta-feedback/progress',
        body: { key: 'k', step: 1, answers: {} },
      },
    ]);
  });

  it("send the console's calls with their method, path and body", async () => {
    const { fn, calls } = recordingFetch(204);
    const api = createConsoleEndpoints(createApiClient({ fetch: fn }));
    await api.admin.beta.setStatus('p1', { status: 'inactive' });
    await api.admin.email.removeSuppression({ email: 'a@b.co', stream: 'outbound' });
    await api.admin.accounts.disable('u1');
    expect(calls).toEqual([
      {
        method: 'PATCH',
        url: '/api/admin/beta/participants/p1',
        body: { status: 'inactive' },
      },
      {
        method: 'DELETE',
        url: '/api/admin/email/suppressions?email=a%40b.co&stream=outbound',
        body: undefined,
      },
      { method: 'POST', url: '/api/admin/accounts/u1/disable', body: undefined },
    ]);
  });

  it('send the posts calls, the Idempotency-Key of a create among its headers', async () => {
    const calls: { method: string; url: string; key: string | null }[] = [];
    const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      calls.push({
        method: init?.method ?? 'GET',
        url: String(url),
        key: headers.get('idempotency-key'),
      });
      return new Response('{}', { status: 200 });
    }) as typeof globalThis.fetch;
    const api = createConsoleEndpoints(createApiClient({ fetch }));
    const draft = { title: 'Hello', excerpt: 'An excerpt', category: 'Guides', author: 'Ada' };
    await api.admin.posts.create(draft, { idempotencyKey: 'retry-1' });
    await api.admin.posts.create(draft);
    await api.admin.posts.update(7, { title: 'Hi' });
    await api.admin.posts.schedule(7, { at: '2030-01-01T09:00:00Z' });
    await api.admin.posts.publish(7);
    await api.admin.posts.unpublish(7);
    await api.admin.posts.restore(7, 'r1');
    await api.admin.posts.revokePreviewLink(7, 'l1');
    await api.admin.posts.remove(7);
    await api.admin.posts.publishPendingRevision(7);
    await api.admin.posts.discardPendingRevision(7);
    expect(calls).toEqual([
      { method: 'POST', url: '/api/admin/posts', key: 'retry-1' },
      { method: 'POST', url: '/api/admin/posts', key: null },
      { method: 'PATCH', url: '/api/admin/posts/7', key: null },
      { method: 'POST', url: '/api/admin/posts/7/schedule', key: null },
      { method: 'POST', url: '/api/admin/posts/7/publish', key: null },
      { method: 'POST', url: '/api/admin/posts/7/unpublish', key: null },
      { method: 'POST', url: '/api/admin/posts/7/revisions/r1/restore', key: null },
      { method: 'DELETE', url: '/api/admin/posts/7/preview-links/l1', key: null },
      { method: 'DELETE', url: '/api/admin/posts/7', key: null },
      { method: 'POST', url: '/api/admin/posts/7/pending-revision/publish', key: null },
      { method: 'DELETE', url: '/api/admin/posts/7/pending-revision', key: null },
    ]);
  });

  it('send the webhooks calls (issue 34) with their method, path and body', async () => {
    const { fn, calls } = recordingFetch(200, '{}');
    const api = createConsoleEndpoints(createApiClient({ fetch: fn }));
    const endpoint = { url: 'https://example.com/hooks', events: ['waitlist.signed_up' as const] };
    await api.admin.webhooks.create(endpoint);
    await api.admin.webhooks.update('w/1', { enabled: false });
    await api.admin.webhooks.rotateSecret('w1');
    await api.admin.webhooks.sendTest('w1');
    await api.admin.webhooks.resend('w1', 'd/1');
    await api.admin.webhooks.resendFailed('w1', { since: '2030-01-01T09:00:00.000Z' });
    await api.admin.webhooks.remove('w1');
    expect(calls).toEqual([
      { method: 'POST', url: '/api/admin/webhooks', body: endpoint },
      { method: 'PATCH', url: '/api/admin/webhooks/w%2F1', body: { enabled: false } },
      { method: 'POST', url: '/api/admin/webhooks/w1/rotate-secret', body: undefined },
      { method: 'POST', url: '/api/admin/webhooks/w1/test', body: undefined },
      { method: 'POST', url: '/api/admin/webhooks/w1/deliveries/d%2F1/resend', body: undefined },
      {
        method: 'POST',
        url: '/api/admin/webhooks/w1/resend-failed',
        body: { since: '2030-01-01T09:00:00.000Z' },
      },
      { method: 'DELETE', url: '/api/admin/webhooks/w1', body: undefined },
    ]);
  });

  it('uploads a post image as the raw body, typed by the file, and reads the answer', async () => {
    const sent: { url: string; type: string | null; body: unknown }[] = [];
    const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({
        url: String(url),
        type: new Headers(init?.headers).get('content-type'),
        body: init?.body,
      });
      return new Response('{"id":"i1","src":"/api/post-images/x"}', { status: 201 });
    }) as typeof globalThis.fetch;
    const api = createConsoleEndpoints(createApiClient({ fetch }));
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    expect(await api.admin.postImages.upload(photo)).toEqual({
      id: 'i1',
      src: '/api/post-images/x',
    });
    await api.admin.postImages.upload(new Blob([new Uint8Array([1])]));
    expect(sent).toEqual([
      { url: '/api/admin/post-images', type: 'image/jpeg', body: photo },
      { url: '/api/admin/post-images', type: 'application/octet-stream', body: expect.any(Blob) },
    ]);
  });
});
