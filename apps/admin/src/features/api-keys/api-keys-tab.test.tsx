import type { ApiKey, CreatedApiKey } from '@repo/api-client';
import { API_KEY_MESSAGES, API_KEY_PERMISSIONS, maskApiKey, PERMISSIONS } from '@repo/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { REVOKE_CONFIRMATION, NEW_KEY_NOTICE, NO_EXPIRY_WARNING } from '@/lib/messages';
import { adminUser, mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ApiKeysTab } from './api-keys-tab';

const FULL_KEY = 'wl_live_abcd1234efgh5678ijkl9012mnop3456';

function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'k1',
    name: 'Zapier',
    environment: 'live',
    keyId: 'abcd1234',
    maskedKey: maskApiKey(FULL_KEY),
    lastUsed: null,
    lastUsedIp: null,
    createdAt: '2025-06-01T10:00:00.000Z',
    isActive: true,
    permissions: ['waitlist:read', 'contacts:read'],
    expiresAt: '2099-01-01T00:00:00.000Z',
    createdBy: { id: 'u1', username: 'admin', name: 'Ada Admin' },
    ...overrides,
  };
}

const created: CreatedApiKey = {
  apiKey: apiKey({ id: 'k2', name: 'Make' }),
  keyId: 'abcd1234',
  formattedKey: FULL_KEY,
};

describe('API keys tab', () => {
  // The table's data must keep its identity between renders while there is no list: a new []
  // on each render made TanStack Table reset the page index in a microtask, which rendered the
  // tab again, and so on without end; inside a click or key event those renders are synchronous,
  // so the tab hung for good (a click on 'Create API key' before the list arrived).
  it('settles when the list cannot be loaded, and its buttons still answer', async () => {
    mockApi({ 'GET /api/admin/api-keys': { status: 500, body: { message: 'Database down' } } });
    let commits = 0;
    const user = userEvent.setup();
    renderWithProviders(
      <Profiler id="api-keys" onRender={() => void commits++}>
        <ApiKeysTab />
      </Profiler>,
    );
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    const settled = commits;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(commits - settled).toBeLessThan(3);
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    expect(await screen.findByRole('dialog', { name: 'Create API key' })).toBeInTheDocument();
  });

  it('lists keys masked (12 characters, 20 asterisks, last 4) and gives revoked keys no action', async () => {
    mockApi({
      'GET /api/admin/api-keys': {
        body: { apiKeys: [apiKey(), apiKey({ id: 'k3', name: 'Old', isActive: false })] },
      },
    });
    renderWithProviders(<ApiKeysTab />);
    const row = (await screen.findByText('Zapier')).closest('tr')!;
    expect(within(row).getByText('wl_live_abcd********************3456')).toBeInTheDocument();
    expect(within(row).queryByText(FULL_KEY)).not.toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Revoke Zapier' })).toBeInTheDocument();
    const revokedRow = screen.getByText('Old').closest('tr')!;
    expect(within(revokedRow).getByText('Revoked')).toBeInTheDocument();
    expect(within(revokedRow).queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  it('asks for confirmation with the exact sentence before revoking', async () => {
    const { calls } = mockApi({
      'GET /api/admin/api-keys': { body: { apiKeys: [apiKey()] } },
      'DELETE /api/admin/api-keys/k1': { status: 204 },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Revoke Zapier' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(REVOKE_CONFIRMATION)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/api/admin/api-keys/k1'),
    ).toBe(true);
  });

  it("reports a failed revocation with the server's message", async () => {
    mockApi({
      'GET /api/admin/api-keys': { body: { apiKeys: [apiKey()] } },
      'DELETE /api/admin/api-keys/k1': { status: 404, body: { message: 'API key not found' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Revoke Zapier' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText('Revocation failed')).toBeInTheDocument();
    expect(screen.getByText('API key not found')).toBeInTheDocument();
  });

  it("refuses a blank name with the 'Name required' toast", async () => {
    const { calls } = mockApi({ 'GET /api/admin/api-keys': { body: { apiKeys: [] } } });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    await user.type(screen.getByLabelText('Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(API_KEY_MESSAGES.nameRequiredTitle)).toBeInTheDocument();
    expect(screen.getByText(API_KEY_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the full key once, with the notice, and copies it', async () => {
    const { calls } = mockApi({
      'GET /api/admin/api-keys': { body: { apiKeys: [] } },
      'POST /api/admin/api-keys': { status: 201, body: created },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    await user.type(screen.getByLabelText('Name'), 'Make');
    await user.click(screen.getByRole('radio', { name: 'Test' }));
    await user.click(screen.getByRole('button', { name: 'Read only' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByText('API key created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Make',
      environment: 'test',
      permissions: PERMISSIONS.filter((permission) => permission.endsWith(':read')),
      expiresInDays: 90,
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(NEW_KEY_NOTICE)).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue(FULL_KEY)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(screen.getByText('API key copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(FULL_KEY);
  });

  it("reports 'Copy failed' when the clipboard refuses", async () => {
    mockApi({
      'GET /api/admin/api-keys': { body: { apiKeys: [] } },
      'POST /api/admin/api-keys': { status: 201, body: created },
    });
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithProviders(<ApiKeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    await user.type(screen.getByLabelText('Name'), 'Make');
    await user.click(screen.getByRole('button', { name: 'Read only' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await user.click(await screen.findByRole('button', { name: 'Copy key' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to copy to clipboard')).toBeInTheDocument();
  });

  it("reports 'Creation failed' with the server's message", async () => {
    mockApi({
      'GET /api/admin/api-keys': { body: { apiKeys: [] } },
      'POST /api/admin/api-keys': {
        status: 400,
        body: { message: 'Name must be at most 100 characters' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    await user.type(screen.getByLabelText('Name'), 'Make');
    await user.click(screen.getByRole('button', { name: 'All I can' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Creation failed')).toBeInTheDocument();
    expect(screen.getByText('Name must be at most 100 characters')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create key' })).toBeEnabled());
  });

  it("shows each key's scopes, expiry, creator and last use (time and address)", async () => {
    mockApi({
      'GET /api/admin/api-keys': {
        body: {
          apiKeys: [
            apiKey({
              lastUsed: '2025-06-03T08:15:00.000Z',
              lastUsedIp: '198.51.100.4',
              expiresAt: '2099-01-01T00:00:00.000Z',
            }),
            apiKey({
              id: 'k4',
              name: 'Lapsed',
              expiresAt: '2025-01-01T00:00:00.000Z',
              permissions: ['waitlist:export'],
              createdBy: null,
            }),
            apiKey({ id: 'k5', name: 'Forever', expiresAt: null }),
          ],
        },
      },
    });
    renderWithProviders(<ApiKeysTab />);
    const row = (await screen.findByText('Zapier')).closest('tr')!;
    expect(within(row).getByText('2 permissions')).toBeInTheDocument();
    expect(within(row).getByText('Expires Jan 01, 2099')).toBeInTheDocument();
    expect(within(row).getByText('by Ada Admin')).toBeInTheDocument();
    expect(within(row).getByText('Jun 03, 2025 08:15')).toBeInTheDocument();
    expect(within(row).getByText('from 198.51.100.4')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();

    const lapsed = screen.getByText('Lapsed').closest('tr')!;
    expect(within(lapsed).getByText('Expired')).toBeInTheDocument();
    expect(within(lapsed).getByText('Expired Jan 01, 2025')).toBeInTheDocument();
    expect(within(lapsed).getByText('1 permission')).toBeInTheDocument();
    expect(within(lapsed).queryByText(/^by /)).toBeNull();
    // Expired is not revoked: it can still be revoked for good.
    expect(within(lapsed).getByRole('button', { name: 'Revoke Lapsed' })).toBeInTheDocument();

    const forever = screen.getByText('Forever').closest('tr')!;
    expect(within(forever).getByText('No expiry')).toBeInTheDocument();

    // What each scope allows, on focus.
    within(row)
      .getByRole('button', { name: /^2 permissions of Zapier/ })
      .focus();
    expect(
      await screen.findAllByText(
        (_, element) => element?.textContent === 'waitlist:read: Read the waitlist',
      ),
    ).not.toHaveLength(0);
  });

  it('offers only what the creator holds and a key may hold, with the two presets', async () => {
    const { calls } = mockApi({
      'GET /api/user': {
        body: {
          ...adminUser.body,
          role: { id: 'r9', key: null, name: 'Integrations' },
          permissions: ['keys:manage', 'waitlist:read', 'contacts:read', 'contacts:reply'],
        },
      },
      'GET /api/admin/api-keys': { body: { apiKeys: [] } },
      'POST /api/admin/api-keys': { status: 201, body: created },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    const offered = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('id'));
    expect(offered).toEqual([
      'api-key-permission-waitlist-read',
      'api-key-permission-contacts-read',
      'api-key-permission-contacts-reply',
    ]);
    // keys:manage is the creator's, but never a key's.
    expect(
      within(dialog).queryByRole('checkbox', { name: 'Create and revoke API keys' }),
    ).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Read only' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Read the waitlist' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Read contact messages' })).toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Mark contact messages read or replied' }),
    ).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'All I can' }));
    expect(
      within(dialog).getByRole('checkbox', { name: 'Mark contact messages read or replied' }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read contact messages' }));

    await user.type(within(dialog).getByLabelText('Name'), 'Helpdesk');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await screen.findByText('API key created');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Helpdesk',
      environment: 'live',
      permissions: ['waitlist:read', 'contacts:reply'],
      expiresInDays: 90,
    });
  });

  it('never offers keys:manage or staff:manage, even to an Owner', async () => {
    mockApi({ 'GET /api/admin/api-keys': { body: { apiKeys: [] } } });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(API_KEY_PERMISSIONS.length);
    expect(
      within(dialog).queryByRole('checkbox', { name: 'Create and revoke API keys' }),
    ).toBeNull();
    expect(
      within(dialog).queryByRole('checkbox', {
        name: 'Manage staff accounts, roles and two-factor settings',
      }),
    ).toBeNull();
  });

  it('asks for at least one permission before creating', async () => {
    const { calls } = mockApi({ 'GET /api/admin/api-keys': { body: { apiKeys: [] } } });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    await user.type(screen.getByLabelText('Name'), 'Make');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(API_KEY_MESSAGES.permissionsRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('expires in 90 days unless chosen, and warns before a key that never expires', async () => {
    const { calls } = mockApi({
      'GET /api/admin/api-keys': { body: { apiKeys: [] } },
      'POST /api/admin/api-keys': { status: 201, body: created },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    expect(screen.getByRole('radio', { name: '90 days' })).toBeChecked();
    expect(screen.queryByText(NO_EXPIRY_WARNING)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'No expiry' }));
    expect(screen.getByRole('alert')).toHaveTextContent(NO_EXPIRY_WARNING);
    await user.type(screen.getByLabelText('Name'), 'Make');
    await user.click(screen.getByRole('button', { name: 'Read only' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByText('API key created');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      expiresInDays: null,
    });
  });

  it("shows a missing permission's 403 message in the failure toast", async () => {
    const refusal =
      'You do not have the permission this needs: waitlist:export (Export the waitlist (CSV)).';
    mockApi({
      'GET /api/admin/api-keys': { body: { apiKeys: [] } },
      'POST /api/admin/api-keys': {
        status: 403,
        body: { message: refusal, type: 'missing_permission', permission: 'waitlist:export' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    await user.type(screen.getByLabelText('Name'), 'Make');
    await user.click(screen.getByRole('button', { name: 'All I can' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Creation failed')).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
  });
});
