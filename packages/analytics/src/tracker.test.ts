import { analyticsEventSchema } from '@repo/validation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isTrackingAllowed } from './browser';
import { createTracker, type TrackerOptions } from './tracker';

function okFetch() {
  return vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(null, { status: 202 }),
  );
}

function sentEvents(fetchMock: ReturnType<typeof okFetch>, call = 0): unknown[] {
  const init = fetchMock.mock.calls[call]?.[1];
  return (JSON.parse(String(init?.body)) as { events: unknown[] }).events;
}

function makeTracker(overrides: Partial<TrackerOptions> = {}) {
  const fetchMock = okFetch();
  const tracker = createTracker({
    endpoint: '/api/analytics/events',
    fetch: fetchMock as unknown as typeof fetch,
    sessionId: 'session-1',
    getPath: () => '/features',
    referrer: '',
    userAgent: 'test-agent',
    onError: () => undefined,
    ...overrides,
  });
  return { tracker, fetchMock };
}

describe('analytics tracker queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends queued events 500 ms after the first one', async () => {
    const { tracker, fetchMock } = makeTracker();
    tracker.track('page_view');
    tracker.track('button_click', { buttonId: 'cta', buttonText: 'Join' });
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentEvents(fetchMock)).toHaveLength(2);
  });

  it('sends at once when ten events are waiting', async () => {
    const { tracker, fetchMock } = makeTracker();
    for (let index = 0; index < 10; index++) tracker.track('page_view');
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentEvents(fetchMock)).toHaveLength(10);
    expect(tracker.pending()).toBe(0);
  });

  it('puts a failed batch back in the queue and sends it with the next flush', async () => {
    const { tracker, fetchMock } = makeTracker();
    fetchMock.mockRejectedValueOnce(new Error('offline'));
    tracker.track('page_view');
    await vi.advanceTimersByTimeAsync(500);
    expect(tracker.pending()).toBe(1);
    tracker.track('scroll_depth', { depth: 25 });
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const retried = sentEvents(fetchMock, 1) as { type: string }[];
    expect(retried.map((event) => event.type)).toEqual(['page_view', 'scroll_depth']);
    expect(tracker.pending()).toBe(0);
  });

  it('re-queues on a server error answer', async () => {
    const { tracker, fetchMock } = makeTracker();
    fetchMock.mockResolvedValueOnce(new Response('down', { status: 503 }));
    tracker.track('page_view');
    await vi.advanceTimersByTimeAsync(500);
    expect(tracker.pending()).toBe(1);
  });

  it('builds events the API accepts, with the session id on every one', async () => {
    const { tracker, fetchMock } = makeTracker({ now: () => new Date('2025-06-01T10:00:00Z') });
    tracker.track('page_view');
    tracker.track('link_click', { href: '/blog', linkText: 'Blog', isExternal: false });
    tracker.track('form_submit', {
      formId: 'login',
      username: 'ann',
      password: 'x',
      confirmPassword: 'x',
    });
    tracker.track('waitlist_step_completed', {
      step_name: 'email',
      step_number: 1,
      total_steps: 7,
    });
    await vi.advanceTimersByTimeAsync(500);
    const events = sentEvents(fetchMock) as { data: Record<string, unknown> }[];
    for (const event of events) {
      expect(analyticsEventSchema.safeParse(event).success).toBe(true);
      expect(event.data.sessionId).toBe('session-1');
      expect(event.data.referrer).toBe('direct');
    }
    // A form's typed values never leave the page: its field names and filled flags do.
    expect(events[2]?.data).toEqual({
      formId: 'login',
      fields: { username: true },
      sessionId: 'session-1',
      referrer: 'direct',
      userAgent: 'test-agent',
    });
  });

  it('hands the queue to sendBeacon when the page is hidden', () => {
    const sendBeacon = vi.fn(() => true);
    const { tracker, fetchMock } = makeTracker({ sendBeacon });
    tracker.track('page_view');
    tracker.track('scroll_depth', { depth: 50 });
    tracker.flushWithBeacon();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('/api/analytics/events');
    expect((JSON.parse(body) as { events: unknown[] }).events).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(tracker.pending()).toBe(0);
  });

  it('queues and sends nothing when tracking is disabled', async () => {
    const { tracker, fetchMock } = makeTracker({ enabled: false });
    tracker.track('page_view');
    await vi.advanceTimersByTimeAsync(1000);
    expect(tracker.pending()).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('privacy signals', () => {
  it('honours Do Not Track and Global Privacy Control', () => {
    expect(isTrackingAllowed({ doNotTrack: '1' })).toBe(false);
    expect(isTrackingAllowed({ globalPrivacyControl: true })).toBe(false);
    expect(isTrackingAllowed({ doNotTrack: null }, { doNotTrack: '1' })).toBe(false);
    expect(isTrackingAllowed({ doNotTrack: 'unspecified', globalPrivacyControl: false })).toBe(
      true,
    );
  });
});
