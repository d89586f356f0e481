import type { BetaParticipant } from '@repo/api-client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { BetaTab } from './beta-tab';

const alan: BetaParticipant = {
  id: 'p1',
  waitlistEntryId: 'w1',
  firstName: 'Alan',
  lastName: 'Turing',
  email: 'alan@example.com',
  status: 'active',
  invitedAt: '2025-06-02T09:00:00.000Z',
  lastActiveAt: null,
};

describe('beta tab', () => {
  it("shows 'Never' for a participant never active, and the places used", async () => {
    mockApi({ 'GET /api/admin/beta/participants': { body: { participants: [alan], cap: 100 } } });
    renderWithProviders(<BetaTab />);
    const row = (await screen.findByText('alan@example.com')).closest('tr')!;
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText('Jun 02, 2025')).toBeInTheDocument();
    expect(screen.getByText('1 of 100')).toBeInTheDocument();
  });

  it('deactivates a participant and resends an invitation, with their toasts', async () => {
    const { calls } = mockApi({
      'GET /api/admin/beta/participants': { body: { participants: [alan], cap: 100 } },
      'PATCH /api/admin/beta/participants/p1': { body: { ...alan, status: 'inactive' } },
      'POST /api/admin/beta/resend-invite/p1': {
        status: 500,
        body: { message: 'Queue unavailable' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<BetaTab />);
    await user.click(await screen.findByRole('button', { name: 'Deactivate Alan Turing' }));
    expect(await screen.findByText('Status updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'inactive' });

    await user.click(screen.getByRole('button', { name: 'Resend invite to Alan Turing' }));
    expect(await screen.findByText('Resend failed')).toBeInTheDocument();
    expect(screen.getByText('Queue unavailable')).toBeInTheDocument();
  });
});
