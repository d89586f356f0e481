import {
  type AppServer,
  type RecordingUpstream,
  startAppServer,
  startRecordingUpstream,
} from '@repo/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The route of the image's HEALTHCHECK and of Kubernetes' probes (issue 21).
describe('GET /healthz', () => {
  let upstream: RecordingUpstream;
  let server: AppServer;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    // The posts watcher (issue 23) is off: this is about /healthz asking nothing of the API.
    server = await startAppServer('marketing', { API_URL: upstream.url, POSTS_POLL_MS: '0' });
  });

  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
  });

  it('answers 200 ok, never cached, without asking the API', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('ok');
    expect(upstream.requests).toEqual([]);
  });

  it('answers HEAD as well', async () => {
    const response = await fetch(`${server.url}/healthz`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
