import type { BetaParticipant, BetaParticipantList, SeatFigures } from '@repo/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
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
  invitationExpiresAt: null,
  acceptedAt: '2025-06-02T10:00:00.000Z',
};

/** Invited, holding a seat until a day from now. */
const joan: BetaParticipant = {
  ...alan,
  id: 'p2',
  waitlistEntryId: 'w2',
  firstName: 'Joan',
  lastName: 'Clarke',
  email: 'joan@example.com',
  status: 'invited',
  invitationExpiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
  acceptedAt: null,
};

const seats = (overrides: Partial<SeatFigures> = {}): SeatFigures => ({
  held: 1,
  free: 99,
  cap: 100,
  expiringSoon: [],
  ...overrides,
});

const list = (
  participants: BetaParticipant[],
  figures = seats(),
): { body: BetaParticipantList } => ({
  body: { participants, cap: 100, seats: figures },
});
const autoFillOff = { body: { enabled: false, updatedAt: null } };

describe('beta tab', () => {
  // Without a list the table keeps one empty array: a new [] on each render looped without end
  // (TanStack Table resets the page index after a change of data), and hung the tab in an event.
  it('settles when the list cannot be loaded, and the filter still answers', async () => {
    mockApi({
      'GET /api/admin/beta/participants': { status: 500, body: { message: 'Database down' } },
      'GET /api/admin/settings/auto-fill': autoFillOff,
    });
    let commits = 0;
    const user = userEvent.setup();
    renderWithProviders(
      <Profiler id="beta" onRender={() => void commits++}>
        <BetaTab />
      </Profiler>,
    );
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    const settled = commits;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(commits - settled).toBeLessThan(3);
    await user.type(screen.getByLabelText('Filter'), 'alan');
    expect(screen.getByLabelText('Filter')).toHaveValue('alan');
  });

  it("shows 'Never' for a participant never active, and the seats held and free", async () => {
    mockApi({
      'GET /api/admin/beta/participants': list([alan]),
      'GET /api/admin/settings/auto-fill': autoFillOff,
    });
    renderWithProviders(<BetaTab />);
    const row = (await screen.findByText('alan@example.com')).closest('tr')!;
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText('Jun 02, 2025')).toBeInTheDocument();
    expect(screen.getByText('Seats held')).toBeInTheDocument();
    expect(screen.getByText('1 of 100')).toBeInTheDocument();
    expect(screen.getByText('99')).toBeInTheDocument();
    expect(screen.getByText(/seats free\. Active testers/)).toBeInTheDocument();
  });

  it('shows an invitation as invited, with the time it lapses, and the invitations about to lapse', async () => {
    const expiring = {
      id: joan.id,
      firstName: 'Joan',
      lastName: 'Clarke',
      email: joan.email,
      invitationExpiresAt: joan.invitationExpiresAt!,
    };
    mockApi({
      'GET /api/admin/beta/participants': list(
        [joan, alan],
        seats({ held: 2, free: 98, expiringSoon: [expiring] }),
      ),
      'GET /api/admin/settings/auto-fill': autoFillOff,
    });
    renderWithProviders(<BetaTab />);
    const row = (await screen.findByRole('cell', { name: 'joan@example.com' })).closest('tr')!;
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    expect(within(row).getByText(/^until /)).toBeInTheDocument();
    // Only its link makes an invitation active: no Activate/Deactivate for it.
    expect(within(row).queryByRole('button', { name: /activate/i })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Resend invite to Joan Clarke' })).toBeEnabled();

    const soon = screen.getByRole('region', { name: 'Invitations expiring within 48 hours' });
    expect(within(soon).getByText('Joan Clarke')).toBeInTheDocument();
    expect(
      within(soon).getByText(/^expires [A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/),
    ).toBeInTheDocument();
  });

  it('deactivates a participant and resends an invitation, with their toasts', async () => {
    const { calls } = mockApi({
      'GET /api/admin/beta/participants': list([alan]),
      'GET /api/admin/settings/auto-fill': autoFillOff,
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

  it("shows the server's message when a reactivation finds the beta full", async () => {
    mockApi({
      'GET /api/admin/beta/participants': list(
        [{ ...alan, status: 'inactive' }],
        seats({ held: 100, free: 0 }),
      ),
      'GET /api/admin/settings/auto-fill': autoFillOff,
      'PATCH /api/admin/beta/participants/p1': {
        status: 409,
        body: { message: 'The beta is full: all 100 places are taken', type: 'beta_full' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<BetaTab />);
    await user.click(await screen.findByRole('button', { name: 'Activate Alan Turing' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('The beta is full: all 100 places are taken')).toBeInTheDocument();
  });

  it('turns auto-fill on, off by default, and says whom it invited', async () => {
    const { calls } = mockApi({
      'GET /api/admin/beta/participants': list([alan]),
      'GET /api/admin/settings/auto-fill': autoFillOff,
      'PUT /api/admin/settings/auto-fill': {
        body: { enabled: true, updatedAt: '2025-06-03T09:00:00.000Z', invited: 2 },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<BetaTab />);
    const toggle = await screen.findByRole('checkbox', { name: 'Auto-fill free seats' });
    // Disabled until the setting has loaded.
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Auto-fill on')).toBeInTheDocument();
    expect(screen.getByText('2 people were invited into the free seats.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ enabled: true });
  });
});
