import type { InviteCode } from '@repo/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { InviteCodesTab } from './invite-codes-tab';

function code(overrides: Partial<InviteCode> = {}): InviteCode {
  return {
    id: 'c1',
    code: 'LAUNCH2026',
    note: 'Launch week',
    maxRedemptions: 5,
    redemptions: 2,
    expiresAt: null,
    disabledAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    state: 'active',
    link: 'https://wordloom.ai/beta?invite=LAUNCH2026',
    ...overrides,
  };
}

describe('invite codes tab (issue 11)', () => {
  it('lists codes with their use, expiry and state', async () => {
    mockApi({
      'GET /api/admin/invite-codes': {
        body: {
          items: [
            code(),
            code({
              id: 'c2',
              code: 'OLDCODE',
              state: 'disabled',
              disabledAt: '2026-11-21T00:00:00.000Z',
            }),
          ],
        },
      },
    });
    renderWithProviders(<InviteCodesTab />);
    const row = (await screen.findByText('LAUNCH2026')).closest('tr')!;
    expect(within(row).getByText('2 of 5')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const old = screen.getByText('OLDCODE').closest('tr')!;
    expect(within(old).getByRole('button', { name: 'Enable OLDCODE' })).toBeInTheDocument();
  });

  it('checks the form before creating a code, then creates it', async () => {
    const { calls } = mockApi({
      'GET /api/admin/invite-codes': { body: { items: [] } },
      'POST /api/admin/invite-codes': { status: 201, body: code({ code: 'FRIENDS' }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<InviteCodesTab />);
    await user.click(await screen.findByRole('button', { name: 'Create invite code' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Code'), 'no spaces');
    await user.clear(within(dialog).getByLabelText('Uses'));
    await user.type(within(dialog).getByLabelText('Uses'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(within(dialog).getByText('A code is 4 to 32 letters or digits')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Uses must be a whole number from 1 to 10,000'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), 'friends');
    await user.clear(within(dialog).getByLabelText('Uses'));
    await user.type(within(dialog).getByLabelText('Uses'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Invite code created')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({ code: 'FRIENDS', maxRedemptions: 10 });
  });

  it('disables a code and shows who redeemed it', async () => {
    const { calls } = mockApi({
      'GET /api/admin/invite-codes': { body: { items: [code()] } },
      'PATCH /api/admin/invite-codes/c1': {
        body: code({ state: 'disabled', disabledAt: '2026-11-25T00:00:00.000Z' }),
      },
      'GET /api/admin/invite-codes/c1/redemptions': {
        body: {
          items: [
            {
              id: 'r1',
              outcome: 'approved',
              createdAt: '2026-11-22T10:00:00.000Z',
              waitlistEntryId: 'w1',
              email: 'ada@example.com',
              name: 'Ada Lovelace',
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<InviteCodesTab />);
    await user.click(await screen.findByRole('button', { name: 'Disable LAUNCH2026' }));
    expect(await screen.findByText('LAUNCH2026 is now disabled.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ disabled: true });

    await user.click(screen.getByRole('button', { name: '2 of 5: redemptions of LAUNCH2026' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('ada@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Invited')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByText('Ada Lovelace')).toBeInTheDocument());
  });
});
