import type { OutboxMessage, Suppression } from '@repo/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { EmailTemplatesTab } from './email-templates-tab';
import { OutboxTable } from '@/features/email-outbox/outbox-table';
import { SuppressionsTable } from '@/features/suppressions/suppressions-table';

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
  deliveryState: null,
  deliveryDetail: null,
  deliveryEventAt: null,
};

const bounced: OutboxMessage = {
  ...failed,
  id: 'o2',
  toEmail: 'grace@example.com',
  status: 'sent',
  lastError: null,
  sentAt: '2025-06-02T09:31:00.000Z',
  deliveryState: 'bounced',
  deliveryDetail: 'The server was unable to deliver your message (ex: unknown user).',
  deliveryEventAt: '2025-06-02T09:32:00.000Z',
};

const suppression: Suppression = {
  email: 'grace@example.com',
  stream: 'outbound',
  reason: 'Bounced (HardBounce)',
  origin: 'hard_bounce',
  detail: 'unknown user',
  createdAt: '2025-06-02T09:32:00.000Z',
};

function mockEmailApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/admin/email/suppressions': {
      body: { items: [suppression], total: 1, page: 1, pageSize: 10 },
    },
    ...extra,
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
    'GET /api/admin/email/outbox': {
      body: { items: [failed, bounced], total: 2, page: 1, pageSize: 10 },
    },
    'GET /api/admin/email/outbox/o1': {
      body: { ...failed, htmlBody: '<p>Hi Alan</p>', textBody: 'Hi Alan', events: [] },
    },
    'GET /api/admin/email/outbox/o2': {
      body: {
        ...bounced,
        htmlBody: '<p>Hi Grace</p>',
        textBody: 'Hi Grace',
        events: [
          { recordType: 'Delivery', occurredAt: '2025-06-02T09:31:30.000Z', detail: null },
          { recordType: 'Bounce', occurredAt: '2025-06-02T09:32:00.000Z', detail: 'unknown user' },
        ],
      },
    },
    'GET /api/admin/email/templates/beta-invitation/preview': { text: '<p>Sample</p>' },
  });
}

describe('email templates and outbox', () => {
  it('previews a template in a sandboxed iframe', async () => {
    mockEmailApi();
    const user = userEvent.setup();
    renderWithProviders(<EmailTemplatesTab />);
    await user.click(await screen.findByRole('button', { name: 'Preview Beta invitation' }));
    const frame = within(await screen.findByRole('dialog')).getByTitle('Beta invitation preview');
    await waitFor(() => expect(frame).toHaveAttribute('srcdoc', '<p>Sample</p>'));
    expect(frame).toHaveAttribute('sandbox', '');
  });

  it('lists the outbox and shows why an email failed', async () => {
    mockEmailApi();
    const user = userEvent.setup();
    renderWithProviders(<OutboxTable />);
    const row = (await screen.findByText('alan@example.com')).closest('tr')!;
    expect(within(row).getByText('Failed')).toHaveClass('bg-destructive');
    await user.click(within(row).getByRole('button', { name: 'View email to alan@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Mailbox unavailable')).toBeInTheDocument();
    expect(within(dialog).getByTitle('Email content')).toHaveAttribute('srcdoc', '<p>Hi Alan</p>');
  });
});

describe('delivery and suppressions', () => {
  it('shows a bounced email with Postmark’s description and its events', async () => {
    mockEmailApi();
    const user = userEvent.setup();
    renderWithProviders(<OutboxTable />);
    const table = await screen.findByRole('table', { name: 'Outbox emails' });
    const row = (await within(table).findByText('grace@example.com')).closest('tr')!;
    expect(within(row).getByText('Bounced')).toHaveClass('bg-destructive');
    expect(within(row).getByText(/unable to deliver your message/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'View email to grace@example.com' }));
    const dialog = await screen.findByRole('dialog');
    const events = await within(dialog).findByRole('list');
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Delivery /), expect.stringMatching(/^Bounce /)]);
    expect(within(dialog).getByText(/unable to deliver your message/)).toBeInTheDocument();
  });

  it('lists suppressions and removes one after a confirmation', async () => {
    const { calls } = mockEmailApi({ 'DELETE /api/admin/email/suppressions': { status: 204 } });
    const user = userEvent.setup();
    renderWithProviders(<SuppressionsTable />);
    const table = await screen.findByRole('table', { name: 'Suppressed addresses' });
    const row = (await within(table).findByText('grace@example.com')).closest('tr')!;
    expect(within(row).getByText('Hard bounce')).toBeInTheDocument();
    await user.click(
      within(row).getByRole('button', {
        name: 'Remove grace@example.com from the transactional suppression list',
      }),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'DELETE',
          path: '/api/admin/email/suppressions?email=grace%40example.com&stream=outbound',
        }),
      ),
    );
  });

  it('imports a Postmark dump in chunks the API accepts', async () => {
    const { calls } = mockEmailApi({
      'POST /api/admin/email/suppressions/import': (call) => ({
        body: {
          imported: (call.body as { suppressions: unknown[] }).suppressions.length,
          skipped: 0,
        },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SuppressionsTable />);
    const dump = {
      Suppressions: Array.from({ length: 501 }, (_, index) => ({
        EmailAddress: `person${index}@example.com`,
        SuppressionReason: 'HardBounce',
        Origin: 'Recipient',
        CreatedAt: '2025-06-01T00:00:00Z',
      })),
    };
    const file = new File([JSON.stringify(dump)], 'dump.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Postmark suppression dump (JSON)'), file);
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/api/admin/email/suppressions/import'),
      ).toHaveLength(2),
    );
    const sizes = calls
      .filter((call) => call.path === '/api/admin/email/suppressions/import')
      .map(
        (call) => (call.body as { suppressions: unknown[]; stream: string }).suppressions.length,
      );
    expect(sizes).toEqual([500, 1]);
  });
});
