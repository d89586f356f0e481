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
});
