import type { AnalyticsDashboard } from '@repo/api-client';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi, noSession } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AdminPage } from './admin-page';

const dashboard: AnalyticsDashboard = {
  waitlistSignups: 1234,
  confirmedWaitlistSignups: 1200,
  contactSubmissions: 56,
  featureEngagement: 789,
  period: {
    from: '2025-05-03T00:00:00.000Z',
    to: '2025-06-02T00:00:00.000Z',
    days: 30,
    firstDay: '2025-05-03',
    lastDay: '2025-06-01',
  },
  pageViewsPerDay: [],
  topPages: [],
  topReferrers: [],
  waitlistFunnel: [],
  feedback: { responses: 0, distributions: {}, recommendationScore: null },
  comparison: {
    previousPeriod: {
      from: '2025-04-03T00:00:00.000Z',
      to: '2025-05-03T00:00:00.000Z',
      days: 30,
      firstDay: '2025-04-03',
      lastDay: '2025-05-02',
    },
    current: {
      pageViews: 0,
      visitors: 0,
      waitlistSignups: 0,
      contactSubmissions: 0,
      featureEngagement: 0,
      feedbackResponses: 0,
    },
    previous: {
      pageViews: 0,
      visitors: 0,
      waitlistSignups: 0,
      contactSubmissions: 0,
      featureEngagement: 0,
      feedbackResponses: 0,
    },
  },
};

function renderAdmin() {
  return renderWithProviders(
    <Routes>
      <Route path="/admin" element={<AdminPage />} />
      <Route path="/auth" element={<p>Auth screen</p>} />
    </Routes>,
    // The page shows the session's loading itself.
    { route: '/admin', waitForSession: false },
  );
}

const adminRoutes = {
  'GET /api/user': adminUser,
  'GET /api/analytics/dashboard': { body: dashboard },
  'GET /api/admin/beta/participants': { body: { participants: [], cap: 100 } },
  'GET /api/admin/waitlist': { body: { items: [], total: 0, page: 1, pageSize: 20 } },
};

describe('admin page', () => {
  it('shows a spinner while the session loads, then redirects to /auth without one', async () => {
    mockApi({ 'GET /api/user': noSession });
    renderAdmin();
    expect(screen.getByRole('status')).toHaveTextContent('Loading session');
    expect(await screen.findByText('Auth screen')).toBeInTheDocument();
  });

  it('shows the four stat cards and the tabs', async () => {
    mockApi(adminRoutes);
    renderAdmin();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Beta Users')).toBeInTheDocument();
    expect(screen.getByText('Waitlist Signups')).toBeInTheDocument();
    expect(screen.getByText('Contact Submissions')).toBeInTheDocument();
    expect(screen.getByText('Feature Engagement')).toBeInTheDocument();
    expect(screen.getByText('56')).toBeInTheDocument();
    expect(screen.getByText('789')).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Waitlist',
      'Beta',
      'Invite codes',
      'Contacts',
      'Email',
      'API Keys',
      'Staff',
      'Roles',
      'Audit log',
      'Analytics',
    ]);
  });

  it("logs out to /auth, and shows 'Logout failed' with the server's message on error", async () => {
    let fail = true;
    mockApi({
      ...adminRoutes,
      'POST /api/logout': () =>
        fail ? { status: 500, body: { message: 'Session store unavailable' } } : { body: {} },
    });
    const user = userEvent.setup();
    renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Session store unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Auth screen')).toBeInTheDocument();
  });
});
