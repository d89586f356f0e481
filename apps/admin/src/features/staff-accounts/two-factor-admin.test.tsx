import type { StaffAccount } from '@repo/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { builtInRole, staffAccount } from '../../../test/staff-fixtures';
import { RESET_TWO_FACTOR_TEXT } from './reset-two-factor-dialog';
import { StaffTab } from './staff-tab';
import { TWO_FACTOR_POLICY_TEXT } from './two-factor-policy';

const grace = staffAccount();
const self: StaffAccount = { ...grace, id: adminUser.body.id, username: adminUser.body.username };

const roles = [builtInRole('owner'), builtInRole('admin'), builtInRole('support')];

describe('two-factor in the Staff tab (issue 19)', () => {
  it('saves the policy: every account, or the roles ticked', async () => {
    const { calls } = mockApi({
      'GET /api/admin/accounts': { body: { accounts: [grace] } },
      'GET /api/admin/roles': { body: { roles } },
      'GET /api/admin/settings/two-factor': {
        body: { requiredForAll: false, requiredRoleIds: [] },
      },
      'PUT /api/admin/settings/two-factor': (call) => ({ body: call.body }),
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTab />);
    await user.click(await screen.findByLabelText('Support'));
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_POLICY_TEXT.save }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        requiredForAll: false,
        requiredRoleIds: ['role-support'],
      }),
    );
    await user.click(screen.getByLabelText(TWO_FACTOR_POLICY_TEXT.all));
    // Every account: the role boxes no longer apply.
    expect(screen.queryByLabelText('Support')).not.toBeInTheDocument();
  });

  it('resets a colleague’s second factor after a confirmation, never one’s own', async () => {
    const { calls } = mockApi({
      'GET /api/admin/accounts': { body: { accounts: [self, grace] } },
      'GET /api/admin/roles': { body: { roles } },
      'GET /api/admin/settings/two-factor': {
        body: { requiredForAll: false, requiredRoleIds: [] },
      },
      'POST /api/admin/accounts/u2/two-factor/reset': { body: { message: 'Reset.' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTab />);
    await user.click(
      await screen.findByRole('button', { name: 'Reset two-factor sign-in of grace' }),
    );
    expect(
      screen.queryByRole('button', { name: `Reset two-factor sign-in of ${self.username}` }),
    ).not.toBeInTheDocument();
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Remove the authenticator app/)).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/two-factor/reset'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: RESET_TWO_FACTOR_TEXT.confirm }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/api/admin/accounts/u2/two-factor/reset'),
      ).toHaveLength(1),
    );
    expect(await screen.findByText(RESET_TWO_FACTOR_TEXT.done)).toBeInTheDocument();
  });
});
