import { BUILT_IN_ROLE_KEYS } from '@repo/validation';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { builtInRole, staffAccount } from '../../../test/staff-fixtures';
import { SSO_ONLY_TEXT, SsoOnlySetting } from './sso-only-setting';

const owner = (id: string, username: string) =>
  staffAccount({ id, username, email: `${username}@wordloom.test`, role: builtInRole('owner') });

const routes = (enabled: boolean) => ({
  'GET /api/user': adminUser,
  'GET /api/auth/oidc': {
    body: { enabled, displayName: enabled ? 'Acme Login' : null, ssoOnly: false },
  },
  'GET /api/admin/settings/sso': { body: { ssoOnly: false, breakGlassUserIds: [] } },
  'GET /api/admin/roles': { body: { roles: BUILT_IN_ROLE_KEYS.map((key) => builtInRole(key)) } },
  'GET /api/admin/accounts': {
    body: {
      accounts: [owner('o1', 'olga'), owner('o2', 'otto'), staffAccount({ id: 'a1' })],
    },
  },
});

describe('the SSO-only setting (issue 35)', () => {
  it('requires single sign-on with the break-glass Owners ticked, offering Owners only', async () => {
    const { calls } = mockApi({
      ...routes(true),
      'PUT /api/admin/settings/sso': ({ body }) => ({ body }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SsoOnlySetting />);
    await user.click(await screen.findByLabelText(SSO_ONLY_TEXT.required));
    await user.click(await screen.findByLabelText('olga'));
    expect(screen.queryByLabelText('grace')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SSO_ONLY_TEXT.save }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        ssoOnly: true,
        breakGlassUserIds: ['o1'],
      }),
    );
  });

  it('is not shown when the API has no single sign-on', async () => {
    const { calls } = mockApi(routes(false));
    renderWithProviders(<SsoOnlySetting />);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/oidc')).toBe(true));
    expect(screen.queryByText(SSO_ONLY_TEXT.title)).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/settings/sso')).toBe(false);
  });
});
