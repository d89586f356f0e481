import type { Role, StaffAccount, StaffInvitation, StaffSession } from '@repo/api-client';
import {
  BUILT_IN_ROLE_KEYS,
  BUILT_IN_ROLES,
  type Permission,
  PERMISSIONS,
  STAFF_MESSAGES,
} from '@repo/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { disableConfirmation } from '@/lib/messages';
import { adminUser, mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { builtInRole, staffAccount } from '../../../test/staff-fixtures';
import { deletePendingConfirmation } from './delete-pending-account-dialog';
import { formatDateTime } from '@/lib/format';
import { OPEN_INVITATIONS_TEXT, revokeConfirmation } from './open-invitations';
import { StaffTab } from './staff-tab';
import { TWO_FACTOR_POLICY_TEXT } from './two-factor-policy';

const self = staffAccount({
  id: adminUser.body.id,
  username: adminUser.body.username,
  email: adminUser.body.email,
  name: adminUser.body.name,
  activeSessions: 1,
});

function session(overrides: Partial<StaffSession> = {}): StaffSession {
  return {
    id: 's1',
    createdAt: '2026-11-20T08:00:00.000Z',
    lastSeenAt: '2026-11-20T09:15:00.000Z',
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 Firefox/140.0',
    current: false,
    ...overrides,
  };
}

const accountsRoute = (accounts: StaffAccount[]) => ({ body: { accounts } });

/** The roles (what the Staff tab weighs its row actions by, issue 31), and no open invitation. */
const rolesAndInvitations = {
  'GET /api/admin/roles': { body: { roles: BUILT_IN_ROLE_KEYS.map((key) => builtInRole(key)) } },
  'GET /api/admin/accounts/invitations': { body: { invitations: [] } },
};

describe('staff tab', () => {
  // Without a list the table keeps one empty array: a new [] on each render looped without end
  // (TanStack Table resets the page index after a change of data), and hung the tab in an event.
  it('settles when the list cannot be loaded, and its buttons still answer', async () => {
    mockApi({
      'GET /api/user': adminUser,
      ...rolesAndInvitations,
      'GET /api/admin/accounts': { status: 500, body: { message: 'Database down' } },
    });
    let commits = 0;
    const user = userEvent.setup();
    renderWithProviders(
      <Profiler id="staff" onRender={() => void commits++}>
        <StaffTab />
      </Profiler>,
    );
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    const settled = commits;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(commits - settled).toBeLessThan(3);
    await user.click(screen.getByRole('button', { name: 'Invite staff' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('lists accounts with their status and sessions: Disable only on active ones (not oneself), Enable only on disabled ones, Delete only on pending ones', async () => {
    mockApi({
      'GET /api/user': adminUser,
      ...rolesAndInvitations,
      'GET /api/admin/accounts': accountsRoute([
        self,
        staffAccount(),
        staffAccount({
          id: 'u3',
          username: 'linus',
          email: 'linus@wordloom.test',
          status: 'pending',
          activeSessions: 0,
        }),
        staffAccount({
          id: 'u4',
          username: 'mallory',
          email: 'mallory@wordloom.test',
          status: 'disabled',
        }),
      ]),
    });
    renderWithProviders(<StaffTab />);
    const grace = (await screen.findByText('grace@wordloom.test')).closest('tr')!;
    expect(within(grace).getByText('Active')).toBeInTheDocument();
    expect(within(grace).getByText('2')).toBeInTheDocument();
    expect(within(grace).getByText('Nov 01, 2026')).toBeInTheDocument();
    expect(within(grace).getByRole('button', { name: 'Disable grace' })).toBeInTheDocument();

    expect(within(grace).queryByRole('button', { name: /Enable|Delete/ })).not.toBeInTheDocument();

    // Issue 19: a pending account is never disabled then enabled, only deleted.
    const linus = screen.getByText('linus').closest('tr')!;
    expect(within(linus).getByText('Pending')).toBeInTheDocument();
    expect(within(linus).getByRole('button', { name: 'Delete linus' })).toBeInTheDocument();
    expect(within(linus).queryByRole('button', { name: /Disable|Enable/ })).not.toBeInTheDocument();
    const mallory = screen.getByText('mallory').closest('tr')!;
    expect(within(mallory).getByText('Disabled')).toBeInTheDocument();
    expect(within(mallory).getByRole('button', { name: 'Enable mallory' })).toBeInTheDocument();
    expect(
      within(mallory).queryByRole('button', { name: /Disable|Delete/ }),
    ).not.toBeInTheDocument();

    const own = screen.getByText(adminUser.body.email).closest('tr')!;
    expect(await within(own).findByText('You')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();
  });

  it('deletes a pending account only after the confirmation, then reloads the list', async () => {
    let deleted = false;
    const pending = staffAccount({
      id: 'u3',
      username: 'linus',
      email: 'linus@wordloom.test',
      status: 'pending',
      emailVerifiedAt: null,
      activeSessions: 0,
    });
    const { calls } = mockApi({
      'GET /api/user': adminUser,
      ...rolesAndInvitations,
      'GET /api/admin/accounts': () => accountsRoute(deleted ? [self] : [self, pending]),
      'DELETE /api/admin/accounts/u3': () => {
        deleted = true;
        return { body: { message: 'Pending account deleted' } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTab />);
    await user.click(await screen.findByRole('button', { name: 'Delete linus' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(deletePendingConfirmation(pending))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete linus' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByText('linus')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: '/api/admin/accounts/u3' }),
    ]);
  });

  it('disables an account only after the confirmation, then reloads the list', async () => {
    let disabled = false;
    const { calls } = mockApi({
      'GET /api/user': adminUser,
      ...rolesAndInvitations,
      'GET /api/admin/accounts': () =>
        accountsRoute([
          self,
          staffAccount(disabled ? { status: 'disabled', activeSessions: 0 } : {}),
        ]),
      'POST /api/admin/accounts/u2/disable': () => {
        disabled = true;
        return { body: { account: staffAccount({ status: 'disabled' }) } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTab />);
    const opener = await screen.findByRole('button', { name: 'Disable grace' });
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(disableConfirmation('grace'))).toBeInTheDocument();
    expect(disableConfirmation('grace')).toBe(
      'Disable grace? They are signed out everywhere and cannot sign in until enabled again.',
    );

    // Cancel: nothing is sent and focus returns to the button that opened the dialog.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(opener);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable' }),
    );
    expect(await screen.findByText('Account disabled')).toBeInTheDocument();
    const row = screen.getByText('grace@wordloom.test').closest('tr')!;
    expect(await within(row).findByRole('button', { name: 'Enable grace' })).toBeInTheDocument();
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
  });

  it("reports a refused disable with the server's message", async () => {
    mockApi({
      'GET /api/user': adminUser,
      ...rolesAndInvitations,
      'GET /api/admin/accounts': accountsRoute([staffAccount()]),
      'POST /api/admin/accounts/u2/disable': {
        status: 409,
        body: { type: 'cannot_disable_self', message: 'You cannot disable your own account.' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTab />);
    await user.click(await screen.findByRole('button', { name: 'Disable grace' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable' }),
    );
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('You cannot disable your own account.')).toBeInTheDocument();
  });

  it('enables a disabled account', async () => {
    const { calls } = mockApi({
      'GET /api/user': adminUser,
      ...rolesAndInvitations,
      'GET /api/admin/accounts': accountsRoute([staffAccount({ status: 'disabled' })]),
      'POST /api/admin/accounts/u2/enable': { body: { account: staffAccount() } },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTab />);
    await user.click(await screen.findByRole('button', { name: 'Enable grace' }));
    expect(await screen.findByText('Account enabled')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/accounts/u2/enable')).toBe(true);
  });

  it("lists an account's sessions, marks the current one and ends another", async () => {
    let ended = false;
    const { calls } = mockApi({
      'GET /api/user': adminUser,
      ...rolesAndInvitations,
      'GET /api/admin/accounts': accountsRoute([self]),
      'GET /api/admin/accounts/u1/sessions': () => ({
        body: {
          sessions: [
            session({ id: 's-current', current: true, ip: '198.51.100.1' }),
            ...(ended ? [] : [session()]),
          ],
        },
      }),
      'DELETE /api/admin/accounts/u1/sessions/s1': () => {
        ended = true;
        return { body: { message: 'Session ended' } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTab />);
    await user.click(await screen.findByRole('button', { name: 'Sessions of admin' }));
    const dialog = await screen.findByRole('dialog');
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('This session')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: 'End session' })).toBeNull();
    expect(within(items[1]!).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Mozilla/5.0 Firefox/140.0')).toBeInTheDocument();

    await user.click(within(items[1]!).getByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    expect(
      calls.some(
        (call) => call.method === 'DELETE' && call.path === '/api/admin/accounts/u1/sessions/s1',
      ),
    ).toBe(true);
  });

  it('invites a colleague by address, checking the address first', async () => {
    const { calls } = mockApi({
      'GET /api/user': adminUser,
      ...rolesAndInvitations,
      'GET /api/admin/accounts': accountsRoute([self]),
      'GET /api/admin/roles': {
        body: {
          roles: [
            {
              id: 'role-viewer',
              key: 'viewer',
              name: 'Viewer',
              description: '',
              permissions: ['waitlist:read'],
              builtIn: true,
              accounts: 0,
            },
          ],
          permissions: [],
        },
      },
      'POST /api/admin/accounts/invite': {
        status: 201,
        body: { message: 'Invitation sent to linus@wordloom.test.' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTab />);
    const opener = await screen.findByRole('button', { name: 'Invite staff' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText(STAFF_MESSAGES.email)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'linus@wordloom.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(screen.getByText('Invitation sent to linus@wordloom.test.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'linus@wordloom.test',
      // Issue 19: Viewer unless another role is chosen (features/roles/staff-roles.test.tsx).
      roleId: 'role-viewer',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

/*
 * Issue 31: the console offers only what the API would do: acting on an account
 * needs every permission of its role (canActOn), an Owner's second factor and the
 * two-factor policy are the Owners'.
 */
describe('staff tab: what the signed-in role may do to others (issue 31)', () => {
  const leadPermissions: Permission[] = [
    ...new Set<Permission>([
      'staff:manage',
      ...BUILT_IN_ROLES.support.permissions,
      ...BUILT_IN_ROLES.viewer.permissions,
    ]),
  ];
  const customRole = (id: string, name: string, permissions: Permission[]): Role => ({
    id,
    key: null,
    name,
    description: '',
    permissions,
    builtIn: false,
    accounts: 1,
  });
  const signedInAs = (role: Role) => ({
    body: {
      ...adminUser.body,
      id: 'u-lead',
      username: 'lead',
      role: { id: role.id, key: role.key, name: role.name },
      permissions: role.permissions,
    },
  });
  const lead = customRole('role-lead', 'Staff lead', leadPermissions);
  const deputy = customRole('role-deputy', 'Deputy', [...PERMISSIONS]);
  const roles = [...BUILT_IN_ROLE_KEYS.map((key) => builtInRole(key)), lead, deputy];
  const colleagues = [
    staffAccount({
      id: 'u-owner',
      username: 'olga',
      email: 'olga@wordloom.test',
      role: { id: 'role-owner', key: 'owner', name: 'Owner' },
    }),
    staffAccount({
      id: 'u-admin',
      username: 'adam',
      email: 'adam@wordloom.test',
      role: { id: 'role-admin', key: 'admin', name: 'Admin' },
    }),
    staffAccount({
      id: 'u-viewer',
      username: 'vera',
      email: 'vera@wordloom.test',
      role: { id: 'role-viewer', key: 'viewer', name: 'Viewer' },
    }),
    staffAccount({
      id: 'u-off',
      username: 'otto',
      email: 'otto@wordloom.test',
      status: 'disabled',
      role: { id: 'role-owner', key: 'owner', name: 'Owner' },
    }),
  ];
  const invitations: StaffInvitation[] = [
    {
      id: 'inv-owner',
      email: 'future-owner@wordloom.test',
      role: { id: 'role-owner', key: 'owner', name: 'Owner' },
      invitedBy: { id: 'u1', username: 'admin', name: 'Ada Admin' },
      createdAt: '2026-11-28T08:00:00.000Z',
      expiresAt: '2026-11-29T08:00:00.000Z',
    },
    {
      id: 'inv-viewer',
      email: 'future-viewer@wordloom.test',
      role: { id: 'role-viewer', key: 'viewer', name: 'Viewer' },
      invitedBy: null,
      createdAt: '2026-11-28T09:00:00.000Z',
      expiresAt: '2026-11-29T09:00:00.000Z',
    },
  ];
  const routes = (user: { body: unknown }) => ({
    'GET /api/user': user,
    'GET /api/admin/roles': { body: { roles } },
    'GET /api/admin/accounts': accountsRoute(colleagues),
    'GET /api/admin/accounts/invitations': { body: { invitations } },
    'GET /api/admin/settings/two-factor': { body: { requiredForAll: false, requiredRoleIds: [] } },
  });
  const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

  it('hides every action on an account whose role holds more than the signed-in one, and the policy from non-Owners', async () => {
    const { calls } = mockApi(routes(signedInAs(lead)));
    renderWithProviders(<StaffTab />);
    const viewer = await rowOf('vera@wordloom.test');
    expect(await within(viewer).findByRole('button', { name: 'Disable vera' })).toBeInTheDocument();
    expect(
      within(viewer).getByRole('button', { name: 'Reset two-factor sign-in of vera' }),
    ).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Change role of vera' })).toBeInTheDocument();
    for (const [email, name] of [
      ['olga@wordloom.test', 'olga'],
      ['adam@wordloom.test', 'adam'],
      ['otto@wordloom.test', 'otto'],
    ] as const) {
      const row = await rowOf(email);
      // Only Sessions (to look) remains.
      expect(
        within(row)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual([`Sessions of ${name}`]);
    }
    expect(screen.queryByText(TWO_FACTOR_POLICY_TEXT.title)).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/settings/two-factor')).toBe(false);
    // Invitations: Revoke only of the role the lead covers.
    const ownerInvitation = await rowOf('future-owner@wordloom.test');
    expect(within(ownerInvitation).queryByRole('button')).not.toBeInTheDocument();
    const viewerInvitation = await rowOf('future-viewer@wordloom.test');
    expect(
      within(viewerInvitation).getByRole('button', {
        name: 'Revoke the invitation of future-viewer@wordloom.test',
      }),
    ).toBeInTheDocument();
  });

  it("offers an Owner's second-factor reset to Owners only, not to a role holding every permission", async () => {
    mockApi(routes(signedInAs(deputy)));
    renderWithProviders(<StaffTab />);
    const owner = await rowOf('olga@wordloom.test');
    expect(await within(owner).findByRole('button', { name: 'Disable olga' })).toBeInTheDocument();
    expect(
      within(owner).queryByRole('button', { name: 'Reset two-factor sign-in of olga' }),
    ).not.toBeInTheDocument();
    const admin = await rowOf('adam@wordloom.test');
    expect(
      within(admin).getByRole('button', { name: 'Reset two-factor sign-in of adam' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(TWO_FACTOR_POLICY_TEXT.title)).not.toBeInTheDocument();
  });

  it('shows an Owner the policy and every action', async () => {
    mockApi(routes(adminUser));
    renderWithProviders(<StaffTab />);
    expect(await screen.findByText(TWO_FACTOR_POLICY_TEXT.title)).toBeInTheDocument();
    const owner = await rowOf('olga@wordloom.test');
    expect(
      await within(owner).findByRole('button', { name: 'Reset two-factor sign-in of olga' }),
    ).toBeInTheDocument();
    expect(
      within(await rowOf('otto@wordloom.test')).getByRole('button', { name: 'Enable otto' }),
    ).toBeInTheDocument();
  });

  it('lists open invitations (address, role, inviter, expiry) and revokes one only after the confirmation', async () => {
    const { calls } = mockApi({
      ...routes(adminUser),
      'DELETE /api/admin/accounts/invitations/inv-owner': {
        body: { message: 'Invitation revoked' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTab />);
    const table = await screen.findByRole('table', { name: OPEN_INVITATIONS_TEXT.title });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Address', 'Role', 'Invited by', 'Expires', 'Actions']);
    const row = await rowOf('future-owner@wordloom.test');
    expect(within(row).getByText('Owner')).toBeInTheDocument();
    expect(within(row).getByText('admin')).toBeInTheDocument();
    expect(within(row).getByText(formatDateTime(invitations[0]!.expiresAt))).toBeInTheDocument();
    expect(
      within(await rowOf('future-viewer@wordloom.test')).getByText('A removed account'),
    ).toBeInTheDocument();

    await user.click(
      within(row).getByRole('button', {
        name: 'Revoke the invitation of future-owner@wordloom.test',
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(revokeConfirmation(invitations[0]!))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(
      within(row).getByRole('button', {
        name: 'Revoke the invitation of future-owner@wordloom.test',
      }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: OPEN_INVITATIONS_TEXT.revoke,
      }),
    );
    expect(await screen.findByText(OPEN_INVITATIONS_TEXT.revoked)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/admin/accounts/invitations/inv-owner',
    ]);
  });
});
