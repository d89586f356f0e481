import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_OPT_OUT_STORAGE_KEY,
  isAnalyticsOptedOut,
  isBrowserMarked,
  setAnalyticsOptOut,
  suppressPageAnalytics,
} from './opt-out';
import { startBrowserTracking } from './runtime';

const fetchMock = vi.fn(async () => new Response(null, { status: 202 }));

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.analytics;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Starts the browser tracker, records one click and sends the queue. */
async function trackAClick() {
  const started = startBrowserTracking('/api/analytics/events', () => '/features');
  started.tracker.track('button_click', { buttonText: 'Join' });
  await started.tracker.flush();
  return started;
}

describe('the opt-out flag', () => {
  it('is set and cleared in localStorage, and says what it became', () => {
    expect(isAnalyticsOptedOut()).toBe(false);
    expect(setAnalyticsOptOut(true)).toBe(true);
    expect(localStorage.getItem(ANALYTICS_OPT_OUT_STORAGE_KEY)).toBe('1');
    expect(isAnalyticsOptedOut()).toBe(true);
    expect(setAnalyticsOptOut(false)).toBe(false);
    expect(isAnalyticsOptedOut()).toBe(false);
  });

  it('reads as not excluded when storage is refused', () => {
    const refusing = {
      get localStorage(): Storage {
        throw new Error('SecurityError');
      },
    };
    expect(isAnalyticsOptedOut(refusing)).toBe(false);
    expect(setAnalyticsOptOut(true, refusing)).toBe(false);
  });
});

describe('the browser tracker', () => {
  it('sends events from a browser that is not marked', async () => {
    const started = await trackAClick();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    started.stop();
  });

  it('sends nothing from a marked browser', async () => {
    setAnalyticsOptOut(true);
    const started = await trackAClick();
    expect(started.tracker.enabled).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    started.stop();
  });

  it('sends nothing once the browser is marked while a page is open', async () => {
    const started = startBrowserTracking('/api/analytics/events', () => '/');
    started.tracker.track('page_view', {});
    setAnalyticsOptOut(true);
    await started.tracker.flush();
    started.tracker.track('button_click', { buttonText: 'Later' });
    started.stop();
    await started.tracker.flush();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing from a page that asked not to be counted, which does not mark the browser', async () => {
    suppressPageAnalytics();
    expect(isAnalyticsOptedOut()).toBe(true);
    expect(isBrowserMarked()).toBe(false);
    const started = await trackAClick();
    expect(fetchMock).not.toHaveBeenCalled();
    started.stop();
  });
});
