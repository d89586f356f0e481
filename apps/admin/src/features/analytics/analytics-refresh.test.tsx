import type { AnalyticsDashboard } from '@repo/api-client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { QUERY_PATHS } from '@/lib/query-paths';
import { AnalyticsTab } from './analytics-tab';

/*
 * Issue 32: an open Analytics tab never piles dashboard loads onto the API. The
 * refresh every 30 s is counted from the end of the last load, none starts
 * while one runs, and a load nobody waits for any more (another period chosen)
 * is aborted, so the API cancels its queries.
 */

const figures = {
  pageViews: 0,
  visitors: 0,
  waitlistSignups: 0,
  contactSubmissions: 0,
  featureEngagement: 0,
  feedbackResponses: 0,
};

function dashboard(days: number): AnalyticsDashboard {
  const period = {
    from: '2025-05-11T00:00:00.000Z',
    to: '2025-05-17T12:00:00.000Z',
    days,
    firstDay: '2025-05-11',
    lastDay: '2025-05-17',
  };
  return {
    waitlistSignups: 0,
    confirmedWaitlistSignups: 0,
    contactSubmissions: 0,
    featureEngagement: 0,
    period,
    pageViewsPerDay: [],
    topPages: [],
    topReferrers: [],
    waitlistFunnel: [],
    feedback: { responses: 0, distributions: {}, recommendationScore: null },
    comparison: { previousPeriod: period, current: figures, previous: figures },
  };
}

/** The dashboard answers at once, except the loads `held` names, which wait for release(). */
function renderTab(held: number[]) {
  const loads: { days: string; signal: AbortSignal | undefined }[] = [];
  let release: () => void = () => undefined;
  const { fetchMock } = mockApi({
    'GET /api/analytics/dashboard': async (call) => {
      const days = new URL(call.path, 'http://admin.test').searchParams.get('days') ?? '';
      const signal = (fetchMock.mock.lastCall?.[1] as RequestInit | undefined)?.signal ?? undefined;
      loads.push({ days, signal });
      if (held.includes(loads.length)) await new Promise<void>((resolve) => (release = resolve));
      return { body: dashboard(Number(days)) };
    },
    'GET /api/admin/analytics-opt-out': {
      body: { url: 'http://site.test/analytics-opt-out', origin: 'http://site.test' },
    },
  });
  const { queryClient } = renderWithProviders(
    <Routes>
      <Route path="/admin/analytics" element={<AnalyticsTab />} />
    </Routes>,
    { route: '/admin/analytics' },
  );
  return { loads, release: () => release(), queryClient };
}

/**
 * Waits for `condition` on the real clock (Testing Library's waitFor polls with
 * setInterval, which the first test fakes).
 */
async function until(condition: () => boolean) {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('analytics tab: automatic refresh (issue 32)', () => {
  it('never starts a load while one runs, and waits 30 s after the last one ended', async () => {
    // Only the refresh interval is faked: the page's own timers run as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { loads, release, queryClient } = renderTab([2]);
    await screen.findByText(/\(30 days, UTC\)/);
    expect(loads).toHaveLength(1);

    vi.advanceTimersByTime(30_000);
    await until(() => loads.length === 2);
    // The second load hangs: however long, no other starts beside it.
    vi.advanceTimersByTime(25_000);
    release();
    await until(
      () =>
        queryClient.getQueryState([QUERY_PATHS.dashboard, { days: 30 }])?.fetchStatus === 'idle',
    );
    // 5 s later a fixed 30 s beat would have fired again; the next load waits 30 s
    // from the end of the last one.
    vi.advanceTimersByTime(5_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads).toHaveLength(2);
    vi.advanceTimersByTime(25_000);
    await until(() => loads.length === 3);
  });

  it('aborts a load nobody waits for any more when another period is chosen', async () => {
    const { loads } = renderTab([2]);
    await screen.findByText(/\(30 days, UTC\)/);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(loads).toHaveLength(2));
    expect(loads[1]).toMatchObject({ days: '7' });
    expect(loads[1]!.signal?.aborted).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 90 days' }));
    expect(await screen.findByText(/\(90 days, UTC\)/)).toBeInTheDocument();
    // The 7-day load, still running, was given up: its request is aborted.
    await waitFor(() => expect(loads[1]!.signal?.aborted).toBe(true));
  });
});
