import type { ApiKey, CreatedApiKey } from '@repo/api-client';
import { API_KEY_MESSAGES, maskApiKey } from '@repo/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { REVOKE_CONFIRMATION, NEW_KEY_NOTICE } from '@/lib/messages';
import { mockApi } from '../../../test/mock-api';
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
    createdAt: '2025-06-01T10:00:00.000Z',
    isActive: true,
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
    expect(within(revokedRow).queryByRole('button')).not.toBeInTheDocument();
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
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByText('API key created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Make',
      environment: 'test',
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
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Creation failed')).toBeInTheDocument();
    expect(screen.getByText('Name must be at most 100 characters')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create key' })).toBeEnabled());
  });
});
