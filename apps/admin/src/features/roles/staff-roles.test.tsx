import { BUILT_IN_ROLES, ROLE_MESSAGES } from '@repo/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StaffTab } from '@/features/staff-accounts/staff-tab';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { builtInRole, staffAccount } from '../../../test/staff-fixtures';

/* Issue 19 in the Staff tab: each account's role, changing it, and the invitation's role. */

const ROLES = [
  builtInRole('owner'),
  builtInRole('admin'),
  builtInRole('support', 0),
  builtInRole('viewer', 0),
];

const routes = {
  'GET /api/admin/accounts': { body: { accounts: [staffAccount()] } },
  'GET /api/admin/roles': { body: { roles: ROLES, permissions: [] } },
};

describe('roles in the Staff tab', () => {
  it("shows each account's role", async () => {
    mockApi(routes);
    renderWithProviders(<StaffTab />);
    const row = (await screen.findByText('grace@wordloom.test')).closest('tr')!;
    expect(within(row).getByText('Admin')).toBeInTheDocument();
    const accounts = screen.getByRole('table', { name: 'Staff accounts' });
    expect(within(accounts).getByRole('columnheader', { name: /^Role/ })).toBeInTheDocument();
  });

  it('changes a role only once the new one is chosen and confirmed', async () => {
    const { calls } = mockApi({
      ...routes,
      'PUT /api/admin/accounts/u2/role': {
        body: {
          account: staffAccount({ role: { id: 'role-support', key: 'support', name: 'Support' } }),
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTab />);
    await user.click(await screen.findByRole('button', { name: 'Change role of grace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of grace' });
    // The current role: nothing to confirm yet.
    expect(within(dialog).getByRole('button', { name: 'Change role' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'New role' }));
    await user.click(await screen.findByRole('option', { name: 'Support' }));
    expect(within(dialog).getByText(BUILT_IN_ROLES.support.description)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Make Support' }));
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
    expect(screen.getByText('grace is now Support.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ roleId: 'role-support' });
  });

  it("shows the API's refusal to leave no Owner", async () => {
    mockApi({
      ...routes,
      'GET /api/admin/accounts': {
        body: {
          accounts: [staffAccount({ role: { id: 'role-owner', key: 'owner', name: 'Owner' } })],
        },
      },
      'PUT /api/admin/accounts/u2/role': {
        status: 409,
        body: { message: ROLE_MESSAGES.lastOwner, type: 'last_owner' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTab />);
    await user.click(await screen.findByRole('button', { name: 'Change role of grace' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'New role' }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Make Viewer' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText(ROLE_MESSAGES.lastOwner)).toBeInTheDocument();
  });

  it('invites with the chosen role', async () => {
    const { calls } = mockApi({
      ...routes,
      'POST /api/admin/accounts/invite': {
        status: 201,
        body: { message: 'Invitation sent to linus@wordloom.test.' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTab />);
    await user.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(select).toHaveTextContent('Viewer'));
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Support' }));
    await user.type(within(dialog).getByLabelText('Email'), 'linus@wordloom.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'linus@wordloom.test',
      roleId: 'role-support',
    });
  });
});
