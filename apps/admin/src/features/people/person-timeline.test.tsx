import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { PersonTimeline } from './person-timeline';

describe('person timeline', () => {
  it('shows one history of the address, newest first, under the name', async () => {
    const { calls } = mockApi({
      'GET /api/admin/people/timeline': {
        body: {
          email: 'tia@example.com',
          name: 'Tia Line',
          events: [
            {
              at: '2025-06-03T10:00:00.000Z',
              kind: 'delivery',
              title: "Bounce: You're in",
              detail: 'Mailbox not found.',
            },
            {
              at: '2025-06-02T10:00:00.000Z',
              kind: 'invitation',
              title: 'Approved for the beta and invited',
              detail: null,
            },
            {
              at: '2025-06-01T10:00:00.000Z',
              kind: 'signup',
              title: 'Joined the waitlist',
              detail: 'Acme',
            },
          ],
        },
      },
    });
    renderWithProviders(<PersonTimeline email="tia@example.com" />);
    const page = await screen.findByRole('region', { name: 'Tia Line' });
    const items = within(await within(page).findByRole('list', { name: 'Timeline' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Bounce: You're inMailbox not found."),
      expect.stringContaining('Approved for the beta and invited'),
      expect.stringContaining('Joined the waitlist'),
    ]);
    expect(calls.map((call) => call.path)).toContain(
      '/api/admin/people/timeline?email=tia%40example.com',
    );
  });

  it('shows the address confirmed and each referral credited, with their own labels', async () => {
    mockApi({
      'GET /api/admin/people/timeline': {
        body: {
          email: 'ada@example.com',
          name: 'Ada Lovelace',
          events: [
            {
              at: '2025-06-04T10:00:00.000Z',
              kind: 'referral',
              title: 'Referral credited: Grace Hopper confirmed their address',
              detail: null,
              ref: { type: 'waitlist_entry', id: 'w2' },
            },
            {
              at: '2025-06-02T10:00:00.000Z',
              kind: 'confirmation',
              title: 'Confirmed the address',
              detail: 'Counted as a referral for Alan Turing',
              ref: { type: 'waitlist_entry', id: 'w1' },
            },
            {
              at: '2025-06-01T10:00:00.000Z',
              kind: 'signup',
              title: 'Joined the waitlist',
              detail: null,
              ref: { type: 'waitlist_entry', id: 'w1' },
            },
          ],
        },
      },
    });
    renderWithProviders(<PersonTimeline email="ada@example.com" />);
    const page = await screen.findByRole('region', { name: 'Ada Lovelace' });
    const items = within(await within(page).findByRole('list', { name: 'Timeline' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^ReferralReferral credited: Grace Hopper confirmed their address/),
      expect.stringMatching(/^ConfirmedConfirmed the addressCounted as a referral for Alan Turing/),
      expect.stringMatching(/^SignupJoined the waitlist/),
    ]);
    expect(within(page).getByText('Everything about ada@example.com, newest first.')).toBeVisible();
  });

  it("words a staff action as the audit log's sentence, with the names looked up now", async () => {
    const approval = {
      kind: 'admin',
      title: 'ada: waitlist.approve',
      detail: null,
      ref: { type: 'waitlist_entry', id: 'w1' },
    };
    mockApi({
      'GET /api/admin/people/timeline': {
        body: {
          email: 'grace@example.com',
          name: 'Grace Hopper',
          events: [
            {
              ...approval,
              at: '2025-06-03T10:00:00.000Z',
              audit: {
                action: 'waitlist.approve',
                actor: { kind: 'staff', label: 'ada' },
                actorName: 'Ada Lovelace',
                subjectName: 'Grace Hopper',
                details: {},
              },
            },
            // An answer without the parts keeps the API's title.
            { ...approval, at: '2025-06-02T10:00:00.000Z' },
          ],
        },
      },
    });
    renderWithProviders(<PersonTimeline email="grace@example.com" />);
    const list = await screen.findByRole('list', { name: 'Timeline' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^StaffAda Lovelace approved Grace Hopper for the beta/),
      expect.stringMatching(/^Staffada: waitlist.approve/),
    ]);
  });
});
