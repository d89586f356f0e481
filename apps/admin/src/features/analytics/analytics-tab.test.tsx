import type { AnalyticsDashboard, DashboardFigures } from '@repo/api-client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '../../../test/mock-api';
import { Address, renderWithProviders } from '../../../test/render';
import { AnalyticsTab } from './analytics-tab';
import { describeChange } from './period-comparison';
import { resetStaffExclusion } from './staff-exclusion-store';

const figures = (overrides: Partial<DashboardFigures> = {}): DashboardFigures => ({
  pageViews: 0,
  visitors: 0,
  waitlistSignups: 0,
  contactSubmissions: 0,
  featureEngagement: 0,
  feedbackResponses: 0,
  ...overrides,
});

function dashboard(days: number, firstDay: string, lastDay: string): AnalyticsDashboard {
  return {
    waitlistSignups: 40,
    confirmedWaitlistSignups: 30,
    contactSubmissions: 4,
    featureEngagement: 9,
    period: {
      from: `${firstDay}T00:00:00.000Z`,
      to: `${lastDay}T12:00:00.000Z`,
      days,
      firstDay,
      lastDay,
    },
    pageViewsPerDay: [],
    topPages: [],
    topReferrers: [],
    waitlistFunnel: [],
    feedback: { responses: 0, distributions: {}, recommendationScore: null },
    comparison: {
      previousPeriod: {
        from: '2025-05-04T00:00:00.000Z',
        to: '2025-05-10T12:00:00.000Z',
        days,
        firstDay: '2025-05-04',
        lastDay: '2025-05-10',
      },
      current: figures({ pageViews: 120, visitors: 30, waitlistSignups: 5 }),
      previous: figures({ pageViews: 96, visitors: 40, waitlistSignups: 0 }),
    },
  };
}

const query = (call: RecordedCall) =>
  Object.fromEntries(new URL(call.path, 'http://admin.test').searchParams);
const dashboardCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/analytics/dashboard')).map(query);

function renderTab(route = '/admin/analytics') {
  const { calls } = mockApi({
    'GET /api/analytics/dashboard': (call) => {
      const asked = query(call);
      return {
        body: asked.from
          ? dashboard(3, asked.from, asked.to!)
          : dashboard(Number(asked.days), '2025-05-11', '2025-05-17'),
      };
    },
    'GET /api/admin/analytics-opt-out': {
      body: { url: 'http://site.test/analytics-opt-out', origin: 'http://site.test' },
    },
  });
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route
        path="/admin/analytics"
        element={
          <>
            <AnalyticsTab />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return { calls, user };
}

beforeEach(() => {
  localStorage.clear();
  resetStaffExclusion();
});

describe('analytics tab: period', () => {
  it('shows the last 30 days by default, compared with the previous period', async () => {
    const { calls } = renderTab();
    expect(
      await screen.findByText(/May 11, 2025 – May 17, 2025 \(30 days, UTC\)/),
    ).toBeInTheDocument();
    expect(dashboardCalls(calls)).toEqual([{ days: '30' }]);
    expect(
      screen.getByRole('heading', { name: 'Compared with the previous 30 days' }),
    ).toBeInTheDocument();
    expect(screen.getByText('May 04, 2025 – May 10, 2025')).toBeInTheDocument();
    const views = screen.getByText('Page views').parentElement!;
    expect(within(views).getByText('120')).toBeInTheDocument();
    expect(within(views).getByText('+24 (+25%)')).toBeInTheDocument();
    expect(within(views).getByText('vs 96')).toBeInTheDocument();
    const visitors = screen.getByText('Visitors').parentElement!;
    expect(within(visitors).getByText('−10 (−25%)')).toBeInTheDocument();
    const signups = screen.getByText('Waitlist signups').parentElement!;
    expect(within(signups).getByText('+5 (new)')).toBeInTheDocument();
  });

  it('asks for 7 or 90 days when chosen, and keeps the choice in the address', async () => {
    const { calls, user } = renderTab();
    await screen.findByText(/\(30 days, UTC\)/);
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    expect(await screen.findByText(/\(7 days, UTC\)/)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('days=7');
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 90 days' }));
    expect(await screen.findByText(/\(90 days, UTC\)/)).toBeInTheDocument();
    expect(dashboardCalls(calls)).toEqual([{ days: '30' }, { days: '7' }, { days: '90' }]);
  });

  it('takes a custom range, and refuses one the API would refuse without asking', async () => {
    const { calls, user } = renderTab();
    await screen.findByText(/\(30 days, UTC\)/);
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Custom range' }));
    const from = screen.getByLabelText('From (UTC)');
    const to = screen.getByLabelText('To (UTC)');
    await user.type(from, '2025-03-10');
    await user.type(to, '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Show period' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('from must not be after to');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(dashboardCalls(calls)).toEqual([{ days: '30' }]);

    await user.clear(to);
    await user.type(to, '2025-03-12');
    await user.click(screen.getByRole('button', { name: 'Show period' }));
    expect(await screen.findByText(/Mar 10, 2025 – Mar 12, 2025/)).toBeInTheDocument();
    expect(dashboardCalls(calls).at(-1)).toEqual({ from: '2025-03-10', to: '2025-03-12' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens with the period of the address', async () => {
    const { calls } = renderTab('/admin/analytics?from=2025-01-01&to=2025-01-03');
    expect(await screen.findByText(/Jan 01, 2025 – Jan 03, 2025/)).toBeInTheDocument();
    expect(dashboardCalls(calls)).toEqual([{ from: '2025-01-01', to: '2025-01-03' }]);
    expect(screen.getByLabelText('From (UTC)')).toHaveValue('2025-01-01');
  });

  it('falls back to 30 days for a period in the address the API would refuse', async () => {
    const { calls } = renderTab('/admin/analytics?days=abc');
    await screen.findByText(/\(30 days, UTC\)/);
    expect(dashboardCalls(calls)).toEqual([{ days: '30' }]);
  });
});

describe('describeChange', () => {
  it('writes the difference and its share of the previous figure', () => {
    expect(describeChange(12, 10)).toBe('+2 (+20%)');
    expect(describeChange(5, 10)).toBe('−5 (−50%)');
    expect(describeChange(7, 7)).toBe('no change');
    expect(describeChange(3, 0)).toBe('+3 (new)');
    expect(describeChange(1500, 1000)).toBe('+500 (+50%)');
  });
});
