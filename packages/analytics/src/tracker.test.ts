import { analyticsEventSchema } from '@repo/validation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isTrackingAllowed } from './browser';
import { createTracker, RefusedEventsError, type TrackerOptions } from './tracker';

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

  it('puts a failed batch back in the queue and sends it again on a timer, without a new event', async () => {
    const onError = vi.fn();
    const { tracker, fetchMock } = makeTracker({ onError });
    fetchMock.mockRejectedValueOnce(new Error('offline'));
    tracker.track('page_view');
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(new Error('offline'));
    expect(tracker.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((sentEvents(fetchMock, 1) as { type: string }[]).map((event) => event.type)).toEqual([
      'page_view',
    ]);
    expect(tracker.pending()).toBe(0);
  });

  it('re-queues on a server error answer', async () => {
    const { tracker, fetchMock } = makeTracker();
    fetchMock.mockResolvedValueOnce(new Response('down', { status: 503 }));
    tracker.track('page_view');
    await vi.advanceTimersByTimeAsync(500);
    expect(tracker.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(tracker.pending()).toBe(0);
  });

  it('backs off from 1 s, doubling up to 30 s while the server fails, and starts over after a success', async () => {
    const { tracker, fetchMock } = makeTracker();
    const sentAt: number[] = [];
    let failures = 8;
    fetchMock.mockImplementation(async () => {
      sentAt.push(Date.now());
      return new Response(null, { status: failures-- > 0 ? 503 : 202 });
    });
    tracker.track('page_view');
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000 + 4000 + 8000 + 16000 + 30000 + 30000);
    const gaps = sentAt.slice(1).map((time, index) => time - sentAt[index]!);
    expect(gaps).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    await vi.advanceTimersByTimeAsync(30000);
    expect(fetchMock).toHaveBeenCalledTimes(9);
    expect(tracker.pending()).toBe(0);
    // A success resets the backoff: the next failure waits 1 s again.
    fetchMock.mockImplementation(async () => {
      sentAt.push(Date.now());
      return new Response(null, { status: failures-- > 0 ? 503 : 202 });
    });
    failures = 1;
    tracker.track('scroll_depth', { depth: 25 });
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchMock).toHaveBeenCalledTimes(10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(11);
    expect(tracker.pending()).toBe(0);
  });

  it('keeps new events for the retry during a backoff, and sends everything in order then', async () => {
    const { tracker, fetchMock } = makeTracker();
    fetchMock.mockRejectedValueOnce(new Error('offline'));
    tracker.track('page_view');
    await vi.advanceTimersByTimeAsync(500);
    for (let index = 0; index < 14; index++) tracker.track('scroll_depth', { depth: 25 });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(tracker.pending()).toBe(15);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const first = sentEvents(fetchMock, 1) as { type: string }[];
    expect(first).toHaveLength(10);
    expect(first[0]?.type).toBe('page_view');
    expect(sentEvents(fetchMock, 2)).toHaveLength(5);
    expect(tracker.pending()).toBe(0);
  });

  it('puts a failed batch and the ones after it back in their order', async () => {
    const { tracker, fetchMock } = makeTracker({ batchSize: 2 });
    const pathsSent = (call: number) =>
      (sentEvents(fetchMock, call) as { path: string }[]).map((event) => event.path);
    fetchMock.mockRejectedValueOnce(new Error('offline'));
    tracker.track('page_view', {}, '/1');
    await vi.advanceTimersByTimeAsync(500);
    // During the backoff the queue grows past a batch and waits for the retry.
    for (const path of ['/2', '/3', '/4', '/5']) tracker.track('page_view', {}, path);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 202 }));
    fetchMock.mockRejectedValueOnce(new Error('offline again'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(pathsSent(1)).toEqual(['/1', '/2']);
    expect(pathsSent(2)).toEqual(['/3', '/4']);
    expect(tracker.pending()).toBe(3);
    // A batch got through in between, so the backoff starts over at 1 s.
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(pathsSent(3)).toEqual(['/3', '/4']);
    expect(pathsSent(4)).toEqual(['/5']);
    expect(tracker.pending()).toBe(0);
  });

  it('honours Retry-After on a 429, and backs off without one', async () => {
    const { tracker, fetchMock } = makeTracker();
    fetchMock.mockResolvedValueOnce(
      new Response(null, { status: 429, headers: { 'retry-after': '7' } }),
    );
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 429 }));
    tracker.track('page_view');
    await vi.advanceTimersByTimeAsync(500);
    await vi.advanceTimersByTimeAsync(6999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The second 429 names no time: the backoff's next step, 2 s.
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(tracker.pending()).toBe(0);
  });

  it('reads a Retry-After given as an HTTP date', async () => {
    const start = new Date('2025-06-01T10:00:00Z');
    vi.setSystemTime(start);
    const { tracker, fetchMock } = makeTracker({ now: () => new Date() });
    fetchMock.mockResolvedValueOnce(
      new Response(null, {
        status: 429,
        headers: { 'retry-after': new Date(start.getTime() + 10_500).toUTCString() },
      }),
    );
    tracker.track('page_view');
    await vi.advanceTimersByTimeAsync(500);
    await vi.advanceTimersByTimeAsync(9499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('logs the events the server refused and never sends them again', async () => {
    const onError = vi.fn();
    const { tracker, fetchMock } = makeTracker({ onError });
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { accepted: 1, rejected: [{ index: 1, message: 'data.depth: Invalid input' }] },
        { status: 202 },
      ),
    );
    tracker.track('page_view');
    tracker.track('scroll_depth', { depth: 'deep' });
    await vi.advanceTimersByTimeAsync(500);
    expect(onError).toHaveBeenCalledTimes(1);
    const logged = onError.mock.calls[0]?.[0] as RefusedEventsError;
    expect(logged).toBeInstanceOf(RefusedEventsError);
    expect(logged.message).toContain('#1 data.depth: Invalid input');
    expect(logged.refused[0]?.event?.type).toBe('scroll_depth');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(tracker.pending()).toBe(0);
  });

  it('logs and drops a batch refused with a 4xx other than 429', async () => {
    const onError = vi.fn();
    const { tracker, fetchMock } = makeTracker({ onError });
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { message: 'Every event of the batch is invalid', type: 'invalid_event' },
        { status: 400 },
      ),
    );
    tracker.track('page_view');
    await vi.advanceTimersByTimeAsync(500);
    expect(onError).toHaveBeenCalledWith(
      new Error('Analytics batch refused (400): Every event of the batch is invalid'),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(tracker.pending()).toBe(0);
  });

  it('keeps at most 500 events, the newest, while the server is away', async () => {
    const { tracker, fetchMock } = makeTracker();
    fetchMock.mockRejectedValue(new Error('offline'));
    tracker.track('page_view', {}, '/first');
    await vi.advanceTimersByTimeAsync(500);
    for (let index = 0; index < 800; index++) tracker.track('page_view', {}, `/${index}`);
    expect(tracker.pending()).toBe(500);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Retries after 1, 2, 4, 8, 16, 30 and 30 s (91 s in all), each one batch that fails.
    await vi.advanceTimersByTimeAsync(91_000);
    expect(fetchMock).toHaveBeenCalledTimes(8);
    expect(tracker.pending()).toBe(500);
    const retried = sentEvents(fetchMock, 7) as { path: string }[];
    expect(retried[0]?.path).toBe('/300');
  });

  it('logs a failed batch with console.warn by default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { tracker, fetchMock } = makeTracker({ onError: undefined });
      fetchMock.mockRejectedValueOnce(new Error('offline'));
      tracker.track('page_view');
      await vi.advanceTimersByTimeAsync(500);
      expect(warn).toHaveBeenCalledWith('Analytics batch failed', new Error('offline'));
    } finally {
      warn.mockRestore();
    }
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
