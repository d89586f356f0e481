import type { Role } from '@repo/api-client';
import { PERMISSIONS, ROLE_MESSAGES } from '@repo/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { builtInRole } from '../../../test/staff-fixtures';
import { deleteRoleConfirmation } from './delete-role-dialog';
import { RolesTab } from './roles-tab';

const editor: Role = {
  id: 'r-editor',
  key: null,
  name: 'Newsletter editor',
  description: 'Writes and sends the newsletter.',
  permissions: ['email:read', 'email:send'],
  builtIn: false,
  accounts: 0,
};

const rolesBody = (roles: Role[]) => ({
  body: {
    roles,
    permissions: PERMISSIONS.map((id) => ({ id, label: id })),
  },
});

const ROLES = [
  builtInRole('owner', 1),
  builtInRole('admin', 2),
  builtInRole('support', 0),
  builtInRole('viewer', 3),
  editor,
  { ...editor, id: 'r-busy', name: 'Busy role', accounts: 2 },
];

describe('roles tab', () => {
  it('lists the roles, marks the built-in ones, counts their permissions and accounts', async () => {
    mockApi({ 'GET /api/admin/roles': rolesBody(ROLES) });
    renderWithProviders(<RolesTab />);
    const owner = (await screen.findByText('Owner')).closest('tr')!;
    expect(within(owner).getByText('Built-in')).toBeInTheDocument();
    expect(within(owner).getByText(String(PERMISSIONS.length))).toBeInTheDocument();
    expect(within(owner).getByRole('button', { name: 'View Owner' })).toBeInTheDocument();
    expect(within(owner).queryByRole('button', { name: /Delete|Edit/ })).toBeNull();

    const custom = screen.getByText('Newsletter editor').closest('tr')!;
    expect(within(custom).queryByText('Built-in')).toBeNull();
    expect(
      within(custom).getByRole('button', { name: 'Edit Newsletter editor' }),
    ).toBeInTheDocument();
    expect(
      within(custom).getByRole('button', { name: 'Delete Newsletter editor' }),
    ).toBeInTheDocument();

    // A role still held is not offered for deletion.
    const busy = screen.getByText('Busy role').closest('tr')!;
    expect(within(busy).queryByRole('button', { name: 'Delete Busy role' })).toBeNull();
    expect(within(busy).getByText('In use by 2 accounts')).toBeInTheDocument();
  });

  it('shows a built-in role read-only', async () => {
    mockApi({ 'GET /api/admin/roles': rolesBody(ROLES) });
    const user = userEvent.setup();
    renderWithProviders(<RolesTab />);
    await user.click(await screen.findByRole('button', { name: 'View Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Support' });
    expect(within(dialog).getByText(new RegExp(ROLE_MESSAGES.builtInReadOnly))).toBeInTheDocument();
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(PERMISSIONS.length);
    for (const box of boxes) expect(box).toBeDisabled();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Mark contact messages read or replied' }),
    ).toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Export the waitlist (CSV)' }),
    ).not.toBeChecked();
    expect(within(dialog).queryByRole('button', { name: /Save|Create/ })).toBeNull();
  });

  it('creates a custom role from permissions grouped by area', async () => {
    const { calls } = mockApi({
      'GET /api/admin/roles': rolesBody(ROLES),
      'POST /api/admin/roles': {
        status: 201,
        body: { role: { ...editor, id: 'r-new', name: 'Auditor' } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RolesTab />);
    await user.click(await screen.findByRole('button', { name: 'Create role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create role' });

    // Nothing chosen: the schema's messages, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(within(dialog).getByText(ROLE_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ROLE_MESSAGES.permissionsRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const areas = within(dialog)
      .getAllByRole('group')
      .map((group) => group.querySelector('legend')?.textContent);
    expect(areas).toEqual([
      'Waitlist',
      'Beta',
      'Invite codes',
      'Contacts',
      'Survey and feedback',
      'Email',
      'Analytics',
      'People',
      'Audit log',
      'Blog posts',
      'API keys',
      'Staff',
      'Integrations',
    ]);
    const audit = within(dialog).getByRole('group', { name: 'Audit log' });
    await user.click(within(audit).getByRole('checkbox', { name: 'Read the audit log' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read the waitlist' }));
    await user.type(within(dialog).getByLabelText('Name'), '  Auditor ');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Reads the log.');
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));

    expect(await screen.findByText('Role created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Auditor',
      description: 'Reads the log.',
      // In the list's own order, whatever the order of the clicks.
      permissions: ['waitlist:read', 'audit:read'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("edits a custom role and shows the server's refusal", async () => {
    const { calls } = mockApi({
      'GET /api/admin/roles': rolesBody(ROLES),
      'PATCH /api/admin/roles/r-editor': {
        status: 409,
        body: { message: ROLE_MESSAGES.nameTaken },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RolesTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Newsletter editor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Newsletter editor”' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Newsletter editor');
    expect(
      within(dialog).getByRole('checkbox', { name: 'Send test and bulk email, retry messages' }),
    ).toBeChecked();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getAllByText(ROLE_MESSAGES.nameTaken).length).toBeGreaterThan(0);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Admin',
      description: 'Writes and sends the newsletter.',
      permissions: ['email:read', 'email:send'],
    });
  });

  it('deletes an unused custom role after asking', async () => {
    const { calls } = mockApi({
      'GET /api/admin/roles': rolesBody(ROLES),
      'DELETE /api/admin/roles/r-editor': { body: { message: 'Role deleted' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<RolesTab />);
    await user.click(await screen.findByRole('button', { name: 'Delete Newsletter editor' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(deleteRoleConfirmation('Newsletter editor')),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    expect(await screen.findByText('Role deleted')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/api/admin/roles/r-editor'),
    ).toBe(true);
  });
});
