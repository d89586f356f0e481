import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { PersonTimelineButton } from './person-timeline';

describe('person timeline', () => {
  it('opens one history of the address, newest first, from a row button', async () => {
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
    const user = userEvent.setup();
    renderWithProviders(<PersonTimelineButton email="tia@example.com" name="Tia Line" />);
    await user.click(screen.getByRole('button', { name: 'History of Tia Line' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tia Line' });
    const items = within(
      await within(dialog).findByRole('list', { name: 'Timeline' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Bounce: You're inMailbox not found."),
      expect.stringContaining('Approved for the beta and invited'),
      expect.stringContaining('Joined the waitlist'),
    ]);
    expect(calls.map((call) => call.path)).toContain(
      '/api/admin/people/timeline?email=tia%40example.com',
    );
  });
});
