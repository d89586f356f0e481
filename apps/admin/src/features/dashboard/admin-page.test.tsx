import type { AnalyticsDashboard } from '@repo/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi, noSession } from '../../../test/mock-api';
import { renderApp, renderWithProviders } from '../../../test/render';
import { AdminPage } from './admin-page';
import { addressOfOldLink } from './sections';

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
      <Route path="/admin/*" element={<AdminPage />} />
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

  it('shows the four stat cards and the sections in the sidebar, grouped by feature', async () => {
    mockApi(adminRoutes);
    renderAdmin();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Beta Users')).toBeInTheDocument();
    expect(screen.getByText('Waitlist Signups')).toBeInTheDocument();
    expect(screen.getByText('Contact Submissions')).toBeInTheDocument();
    expect(screen.getByText('Feature Engagement')).toBeInTheDocument();
    expect(screen.getByText('56')).toBeInTheDocument();
    expect(screen.getByText('789')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    const group = (name: string) =>
      within(within(nav).getByRole('list', { name }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(group('People')).toEqual(['Waitlist', 'Beta', 'Invite codes', 'Contacts']);
    expect(group('Email')).toEqual(['Templates', 'Outbox', 'Suppressions']);
    expect(group('Insight')).toEqual(['Analytics', 'Survey']);
    expect(group('Settings')).toEqual(['Staff', 'Roles', 'API Keys', 'Integrations', 'Audit log']);
    expect(group('Account')).toEqual(['Security']);
    // /admin opens the first section.
    expect(
      await within(nav).findByRole('link', { name: 'Waitlist', current: 'page' }),
    ).toBeInTheDocument();
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

  it('aborts the reads still loading before it signs out, so none is refused after the logout', async () => {
    let abortedAtLogout: boolean[] = [];
    const { fetchMock } = mockApi({
      ...adminRoutes,
      // The waitlist's sources breakdown is still loading when the person signs out.
      'GET /api/admin/waitlist/sources': () => new Promise(() => {}),
      'POST /api/logout': () => {
        abortedAtLogout = fetchMock.mock.calls
          .filter(([input]) => String(input).includes('/api/admin/waitlist/sources'))
          .map(([, init]) => init?.signal?.aborted ?? false);
        return { body: {} };
      },
    });
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByRole('heading', { name: 'Waitlist' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/sources'))).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Auth screen')).toBeInTheDocument();
    expect(abortedAtLogout).toEqual([true]);
  });
});

const address = () => screen.getByRole('status', { name: 'address' });

describe('the console by address (issue 20)', () => {
  it('moves between sections by the sidebar, and the back button returns', async () => {
    mockApi({
      ...adminRoutes,
      'GET /api/admin/waitlist/sources': { body: { sources: [], total: 0 } },
      'GET /api/admin/contacts': { body: { items: [], total: 0, page: 1, pageSize: 20 } },
    });
    const user = userEvent.setup();
    renderApp('/admin/waitlist');
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    await user.click(within(nav).getByRole('link', { name: 'Contacts' }));
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/admin\/contacts$/);
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByRole('heading', { name: 'Waitlist' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/admin\/waitlist$/);
  });

  it('keeps a filter in the address, and opens a shared link with it', async () => {
    const { calls } = mockApi({
      ...adminRoutes,
      'GET /api/admin/contacts': { body: { items: [], total: 0, page: 1, pageSize: 20 } },
    });
    renderApp('/admin/contacts?status=replied&page=2');
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveTextContent('Replied');
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        '/api/admin/contacts?page=2&pageSize=20&status=replied',
      ),
    );
  });

  it("sends an old ?tab= link to the section's own address, with its period", async () => {
    expect(addressOfOldLink(new URLSearchParams('tab=contacts'))).toBe('/admin/contacts');
    expect(addressOfOldLink(new URLSearchParams('tab=email'))).toBe('/admin/email/templates');
    expect(addressOfOldLink(new URLSearchParams('tab=audit'))).toBe('/admin/audit-log');
    expect(addressOfOldLink(new URLSearchParams('tab=analytics&days=7'))).toBe(
      '/admin/analytics?days=7',
    );
    expect(addressOfOldLink(new URLSearchParams('tab=analytics&view=survey'))).toBe(
      '/admin/survey',
    );
    expect(addressOfOldLink(new URLSearchParams('tab=nothing'))).toBe('/admin');
    expect(addressOfOldLink(new URLSearchParams('days=7'))).toBeUndefined();

    mockApi({
      ...adminRoutes,
      'GET /api/admin/contacts': { body: { items: [], total: 0, page: 1, pageSize: 20 } },
    });
    renderApp('/admin?tab=contacts');
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/admin\/contacts$/);
  });

  it('opens /admin/email at its first section', async () => {
    mockApi({
      ...adminRoutes,
      'GET /api/admin/email/templates': { body: { templates: [] } },
    });
    renderApp('/admin/email');
    expect(await screen.findByRole('heading', { name: 'Email templates' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/admin\/email\/templates$/);
  });

  it("opens a person's page from a deep link, with their timeline", async () => {
    const { calls } = mockApi({
      ...adminRoutes,
      'GET /api/admin/people/timeline': {
        body: {
          email: 'ada@example.com',
          name: 'Ada Lovelace',
          events: [
            {
              at: '2025-06-01T10:00:00.000Z',
              kind: 'signup',
              title: 'Joined the waitlist',
              detail: null,
              ref: null,
            },
          ],
        },
      },
    });
    renderApp('/admin/people/ada%40example.com');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(await screen.findByText('Joined the waitlist')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(
      '/api/admin/people/timeline?email=ada%40example.com',
    );
  });

  it('opens the sidebar from the Menu button on a small screen, and closes it on navigation', async () => {
    mockApi({
      ...adminRoutes,
      'GET /api/admin/contacts': { body: { items: [], total: 0, page: 1, pageSize: 20 } },
    });
    const user = userEvent.setup();
    renderApp('/admin/waitlist');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Admin sections', hidden: true });
    expect(toggle).toHaveAttribute('aria-controls', nav.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(nav).toHaveClass('hidden');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(nav).not.toHaveClass('hidden');
    await user.click(within(nav).getByRole('link', { name: 'Contacts' }));
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(nav).toHaveClass('hidden');
  });
});
