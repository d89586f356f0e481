import type { OutboxMessage } from '@repo/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { EmailTab } from './email-tab';

const failed: OutboxMessage = {
  id: 'o1',
  templateId: 'beta-invitation',
  toEmail: 'alan@example.com',
  subject: "You're in",
  stream: 'outbound',
  status: 'failed',
  attempts: 5,
  lastError: 'Mailbox unavailable',
  createdAt: '2025-06-02T09:30:00.000Z',
  sentAt: null,
  nextAttemptAt: '2025-06-02T09:30:00.000Z',
};

function mockEmailApi() {
  return mockApi({
    'GET /api/admin/email/templates': {
      body: {
        templates: [
          {
            id: 'beta-invitation',
            name: 'Beta invitation',
            description: 'Invites.',
            category: 'beta',
          },
        ],
      },
    },
    'GET /api/admin/beta/participants': { body: { participants: [], cap: 100 } },
    'GET /api/admin/email/outbox': { body: { items: [failed], total: 1, page: 1, pageSize: 10 } },
    'GET /api/admin/email/outbox/o1': {
      body: { ...failed, htmlBody: '<p>Hi Alan</p>', textBody: 'Hi Alan' },
    },
    'GET /api/admin/email/templates/beta-invitation/preview': { text: '<p>Sample</p>' },
  });
}

describe('email tab', () => {
  it('previews a template in a sandboxed iframe', async () => {
    mockEmailApi();
    const user = userEvent.setup();
    renderWithProviders(<EmailTab />);
    await user.click(await screen.findByRole('button', { name: 'Preview Beta invitation' }));
    const frame = within(await screen.findByRole('dialog')).getByTitle('Beta invitation preview');
    await waitFor(() => expect(frame).toHaveAttribute('srcdoc', '<p>Sample</p>'));
    expect(frame).toHaveAttribute('sandbox', '');
  });

  it('lists the outbox and shows why an email failed', async () => {
    mockEmailApi();
    const user = userEvent.setup();
    renderWithProviders(<EmailTab />);
    const row = (await screen.findByText('alan@example.com')).closest('tr')!;
    expect(within(row).getByText('Failed')).toHaveClass('bg-destructive');
    await user.click(within(row).getByRole('button', { name: 'View email to alan@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Mailbox unavailable')).toBeInTheDocument();
    expect(within(dialog).getByTitle('Email content')).toHaveAttribute('srcdoc', '<p>Hi Alan</p>');
  });
});
