import type { BuiltInRoleKey } from '@repo/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, staffUser } from '../../../test/mock-api';
import { renderApp, renderWithProviders } from '../../../test/render';
import { BetaTab } from '@/features/beta/beta-tab';
import { InviteCodesTab } from '@/features/invite-codes/invite-codes-tab';

/*
 * Issue 19: the console shows a role only what it may do. The API refuses the
 * rest whatever the console shows (apps/api/test: the role matrix); here, each
 * built-in role's tabs and buttons.
 */

const waitlistEntry = {
  id: 'w1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  companyName: null,
  monthlyContentVolume: '10-20 posts',
  biggestChallenge: null,
  primaryUse: 'Blog Writing',
  userType: null,
  contentWorkflow: null,
  createdAt: '2025-05-26T12:00:00.000Z',
  participantId: null,
  confirmedAt: null,
  referralCode: 'ADA23456',
  referredById: null,
  referralCount: 0,
  position: 1,
  invitationExpiredAt: null,
};

const participant = {
  id: 'p1',
  waitlistEntryId: 'w9',
  firstName: 'Alan',
  lastName: 'Turing',
  email: 'alan@example.com',
  status: 'active',
  invitedAt: '2025-06-02T09:00:00.000Z',
  lastActiveAt: null,
  invitationExpiresAt: null,
  acceptedAt: '2025-06-02T10:00:00.000Z',
};

const contactMessage = {
  id: 'c1',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: null,
  subject: 'Question about the beta',
  message: 'Can agencies join the beta with client work?',
  status: 'new',
  createdAt: '2025-06-02T09:30:00.000Z',
};

const inviteCode = {
  id: 'ic1',
  code: 'LAUNCH2026',
  note: null,
  maxRedemptions: 5,
  redemptions: 2,
  expiresAt: null,
  disabledAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  state: 'active',
  link: 'https://wordloom.ai/beta?invite=LAUNCH2026',
};

const page = (items: unknown[]) => ({
  body: { items, total: items.length, page: 1, pageSize: 20 },
});

function api(role: BuiltInRoleKey) {
  return mockApi({
    'GET /api/user': staffUser(role),
    'GET /api/analytics/dashboard': { status: 500, body: { message: 'not needed here' } },
    'GET /api/admin/beta/participants': {
      body: {
        participants: [participant],
        cap: 100,
        seats: { held: 1, free: 99, cap: 100, expiringSoon: [] },
      },
    },
    'GET /api/admin/settings/auto-fill': { body: { enabled: false, updatedAt: null } },
    'GET /api/admin/waitlist': page([waitlistEntry]),
    'GET /api/admin/waitlist/sources': { body: { sources: [], total: 0 } },
    'GET /api/admin/contacts': page([contactMessage]),
    'PATCH /api/admin/contacts/c1': { body: { ...contactMessage, status: 'read' } },
    'GET /api/admin/invite-codes': { body: { items: [inviteCode] } },
    'GET /api/admin/email/templates': { body: { templates: [] } },
    'GET /api/admin/email/outbox': page([]),
    'GET /api/admin/email/suppressions': page([]),
    'GET /api/admin/accounts': { body: { accounts: [] } },
    'GET /api/admin/roles': { body: { roles: [], permissions: [] } },
    'GET /api/admin/audit-log': { body: { entries: [], total: 0 } },
    'GET /api/admin/api-keys': { body: { apiKeys: [] } },
  });
}

/** The console at one of its sections' addresses (issue 20), or at /admin. */
function renderAdmin(section?: string) {
  return renderApp(section ? `/admin/${section}` : '/admin');
}

/** The sidebar's links: the sections the role may read, then the account's Security page. */
async function tabNames() {
  const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

const ALL_TABS = [
  'Waitlist',
  'Beta',
  'Invite codes',
  'Contacts',
  'Posts',
  'Templates',
  'Outbox',
  'Suppressions',
  'Analytics',
  'Survey',
  'Staff',
  'Roles',
  'API Keys',
  'Integrations',
  'Audit log',
  'Security',
];

/** Support reads the people and the survey; a Viewer the site's figures too. */
const SUPPORT_TABS = [
  'Waitlist',
  'Beta',
  'Invite codes',
  'Contacts',
  'Posts',
  'Survey',
  'Security',
];
const VIEWER_TABS = [
  'Waitlist',
  'Beta',
  'Invite codes',
  'Contacts',
  'Posts',
  'Analytics',
  'Survey',
  'Security',
];

describe('least privilege in the console (issue 19)', () => {
  it('shows an Owner every tab, and every button', async () => {
    api('owner');
    renderAdmin();
    expect(await tabNames()).toEqual(ALL_TABS);
    const row = (await screen.findByText('ada@example.com')).closest('tr')!;
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    // Issue 32: an unconfirmed entry's primary action is the reminder; the others
    // are in the row's menu.
    expect(
      within(row).getByRole('button', { name: 'Resend confirmation to Ada Lovelace' }),
    ).toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(row).getByRole('button', { name: 'Actions for Ada Lovelace' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Approve for Beta', 'Hang Tight', 'History', 'Delete']);
    expect(within(menu).getByRole('menuitem', { name: 'History' })).toHaveAttribute(
      'href',
      '/admin/people/ada%40example.com',
    );
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.getByText('Beta Users')).toBeInTheDocument();
    expect(screen.getByText('Waitlist Signups')).toBeInTheDocument();
  });

  // The Beta and Invite codes tabs on their own: inside the page, the stat cards'
  // participants arrive first, which the Beta tab's table does not expect.
  it('shows an Owner the beta and invite code actions', async () => {
    api('owner');
    const { unmount } = renderWithProviders(<BetaTab />);
    const row = (await screen.findByText('alan@example.com')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Deactivate Alan Turing' })).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Resend invite to Alan Turing' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Auto-fill free seats' })).toBeEnabled(),
    );
    unmount();
    renderWithProviders(<InviteCodesTab />);
    const codeRow = (await screen.findByText('LAUNCH2026')).closest('tr')!;
    expect(within(codeRow).getByRole('button', { name: 'Disable LAUNCH2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create invite code' })).toBeInTheDocument();
  });

  it('shows an Owner the bulk send, test email and suppression actions', async () => {
    api('owner');
    const { unmount } = renderAdmin('email/templates');
    expect(await screen.findByRole('button', { name: 'Bulk send' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send test email' })).toBeInTheDocument();
    unmount();
    renderAdmin('email/suppressions');
    expect(await screen.findByRole('button', { name: 'Import Postmark dump' })).toBeInTheDocument();
  });

  it('shows Support no API Keys, Staff, Roles, Email or Audit tab, and no export, delete or approval', async () => {
    const { calls } = api('support');
    renderAdmin();
    expect(await tabNames()).toEqual(SUPPORT_TABS);
    const row = (await screen.findByText('ada@example.com')).closest('tr')!;
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(
      within(row).queryByRole('button', { name: /Approve|Hang Tight|Resend|Delete/ }),
    ).toBeNull();
    // Support reads a person's timeline (people:read).
    expect(within(row).getByRole('link', { name: 'History of Ada Lovelace' })).toBeInTheDocument();
    // Beta Users only: the dashboard's figures need analytics:read, and are not asked for.
    expect(screen.getByText('Beta Users')).toBeInTheDocument();
    expect(screen.queryByText('Waitlist Signups')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/analytics/dashboard'))).toBe(false);
  });

  it('lets Support mark a contact message replied, but not export or delete it', async () => {
    const { calls } = api('support');
    const user = userEvent.setup();
    renderAdmin('contacts');
    const row = (await screen.findByText('grace@example.com')).closest('tr')!;
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /^Delete/ })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'View message from Grace Hopper' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Mark as Replied' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
  });

  it('opens the first section a role can read when the address names one it cannot', async () => {
    api('support');
    renderAdmin('api-keys');
    expect(
      await screen.findByRole('link', { name: 'Waitlist', current: 'page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(
      /^\/admin\/waitlist$/,
    );
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull();
  });

  it('opens the first section a role can read for an old ?tab= link to one it cannot', async () => {
    api('support');
    renderApp('/admin?tab=api-keys');
    expect(
      await screen.findByRole('link', { name: 'Waitlist', current: 'page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(
      /^\/admin\/waitlist$/,
    );
  });

  it('shows a Viewer no button that changes anything', async () => {
    api('viewer');
    renderAdmin();
    expect(await tabNames()).toEqual(VIEWER_TABS);
    const row = (await screen.findByText('ada@example.com')).closest('tr')!;
    // Only the referral count, which opens the (read-only) referral chain.
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['0']);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('shows a Viewer the beta and invite codes without their actions', async () => {
    api('viewer');
    const { unmount } = renderWithProviders(<BetaTab />);
    const row = (await screen.findByText('alan@example.com')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /Activate|Deactivate|Resend/ })).toBeNull();
    // Loaded, and still not to be changed.
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Auto-fill free seats' })).not.toBeChecked(),
    );
    expect(screen.getByRole('checkbox', { name: 'Auto-fill free seats' })).toBeDisabled();
    unmount();
    renderWithProviders(<InviteCodesTab />);
    const codeRow = (await screen.findByText('LAUNCH2026')).closest('tr')!;
    expect(within(codeRow).queryByRole('button', { name: /Disable|Enable/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create invite code' })).toBeNull();
  });

  it('lets a Viewer open a contact message without marking it', async () => {
    const { calls } = api('viewer');
    const user = userEvent.setup();
    renderAdmin('contacts');
    const row = (await screen.findByText('grace@example.com')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'View message from Grace Hopper' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Mark as Replied' })).toBeNull();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
