import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { StatCards } from './stat-cards';

const dashboard = (waitlistSignups: number) => ({
  body: {
    waitlistSignups,
    confirmedWaitlistSignups: Math.floor(waitlistSignups / 2),
    contactSubmissions: 3,
    featureEngagement: 4,
    period: { from: '2025-05-03T00:00:00.000Z', to: '2025-06-02T00:00:00.000Z', days: 30 },
    pageViewsPerDay: [],
    topPages: [],
    topReferrers: [],
    waitlistFunnel: [],
    feedback: { responses: 0, distributions: {}, recommendationScore: null },
  },
});

describe('stat cards', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refetches the dashboard every 30 seconds (spec section 9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let signups = 10;
    const { calls } = mockApi({
      'GET /api/analytics/dashboard': () => dashboard(signups),
      'GET /api/admin/beta/participants': { body: { participants: [], cap: 100 } },
    });
    renderWithProviders(<StatCards />);
    expect(await screen.findByText('10')).toBeInTheDocument();
    // Issue 11: the card tells how many of the signups confirmed their address.
    expect(screen.getByText('All time · 5 confirmed')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/analytics'))).toHaveLength(1);
    expect(calls.some((call) => call.path === '/api/analytics/dashboard?days=30')).toBe(true);

    signups = 11;
    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls.filter((call) => call.path.startsWith('/api/analytics'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(screen.getByText('11')).toBeInTheDocument());
    expect(calls.filter((call) => call.path.startsWith('/api/analytics'))).toHaveLength(2);
  });

  it('shows a dash when the dashboard cannot be loaded, and does not retry', async () => {
    const { calls } = mockApi({
      'GET /api/analytics/dashboard': { status: 401, body: { message: 'Not authenticated' } },
      'GET /api/admin/beta/participants': { body: { participants: [], cap: 100 } },
    });
    renderWithProviders(<StatCards />);
    await waitFor(() => expect(screen.getAllByText('Could not load')).toHaveLength(3));
    expect(calls.filter((call) => call.path.startsWith('/api/analytics'))).toHaveLength(1);
  });
});
