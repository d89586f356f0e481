import type { BetaParticipant, EmailTemplate } from '@repo/api-client';
import { EMAIL_MESSAGES } from '@repo/validation';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { BulkSendDialog } from '@/features/bulk-send/bulk-send-dialog';
import { TestEmailDialog } from './test-email-dialog';

const templates: EmailTemplate[] = [
  {
    id: 'beta-invitation',
    name: 'Beta invitation',
    description: 'Invites a tester.',
    category: 'beta',
  },
  {
    id: 'announcement',
    name: 'General announcement',
    description: 'News.',
    category: 'announcement',
  },
];

function participant(id: string, firstName: string): BetaParticipant {
  return {
    id,
    waitlistEntryId: null,
    firstName,
    lastName: 'Tester',
    email: `${firstName.toLowerCase()}@example.com`,
    status: 'active',
    invitedAt: '2025-06-02T09:00:00.000Z',
    lastActiveAt: null,
    invitationExpiresAt: null,
    acceptedAt: '2025-06-02T10:00:00.000Z',
  };
}

describe('send test email dialog', () => {
  it('keeps Send disabled until an address and a template are set (spec section 5)', async () => {
    const { calls } = mockApi({ 'POST /api/admin/email/test': { status: 202, body: {} } });
    const user = userEvent.setup();
    renderWithProviders(
      <TestEmailDialog open onOpenChange={() => undefined} templates={templates} />,
    );
    const send = screen.getByRole('button', { name: 'Send test email' });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Email address'), 'me@wordloom.test');
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Beta invitation/ }));
    expect(send).toBeEnabled();
    await user.clear(screen.getByLabelText('Email address'));
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Email address'), 'me@wordloom.test');
    await user.click(send);
    expect(await screen.findByText('Test email sent')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      templateType: 'beta-invitation',
      email: 'me@wordloom.test',
    });
  });

  it("reports 'Email failed' with the server's message", async () => {
    mockApi({
      'POST /api/admin/email/test': { status: 502, body: { message: 'Provider refused' } },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <TestEmailDialog open onOpenChange={() => undefined} templates={templates} />,
    );
    await user.type(screen.getByLabelText('Email address'), 'me@wordloom.test');
    await user.click(screen.getByRole('radio', { name: /Beta invitation/ }));
    await user.click(screen.getByRole('button', { name: 'Send test email' }));
    expect(await screen.findByText('Email failed')).toBeInTheDocument();
    expect(screen.getByText('Provider refused')).toBeInTheDocument();
  });
});

function dryRun(ids: string[]) {
  return {
    dryRunId: 'run-1',
    recipients: ids.map((id) => ({ id, name: id, email: `${id}@example.com` })),
    skipped: [],
    sample: { subject: 'News', html: '<p>Sample</p>' },
    sendAt: null,
  };
}

describe('bulk send dialog', () => {
  const participants = [participant('p1', 'Alan'), participant('p2', 'Barbara')];

  it("shows the 'Selection required' toast without a template or recipients", async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(
      <BulkSendDialog
        open
        onOpenChange={() => undefined}
        templates={templates}
        participants={participants}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Review send to 0 recipients' }));
    expect(await screen.findByText(EMAIL_MESSAGES.selectionRequiredTitle)).toBeInTheDocument();
    expect(screen.getByText(EMAIL_MESSAGES.selectionRequired)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /Alan Tester/ }));
    await user.click(screen.getByRole('button', { name: 'Review send to 1 recipient' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('selects and clears every participant with the select-all toggle, then sends', async () => {
    const { calls } = mockApi({
      'POST /api/admin/email/bulk-send/dry-run': { body: dryRun(['p1', 'p2']) },
      'POST /api/admin/email/bulk-send': {
        status: 202,
        body: { queued: 2, skipped: 0, sendAt: null },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <BulkSendDialog
        open
        onOpenChange={() => undefined}
        templates={templates}
        participants={participants}
      />,
    );
    const selectAll = screen.getByRole('checkbox', { name: 'Select all participants' });
    await user.click(selectAll);
    expect(screen.getByRole('checkbox', { name: /Alan Tester/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Barbara Tester/ })).toBeChecked();
    await user.click(selectAll);
    expect(screen.getByRole('checkbox', { name: /Alan Tester/ })).not.toBeChecked();
    await user.click(selectAll);

    await user.click(screen.getByRole('radio', { name: /General announcement/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Review send to 2 recipients' }));
    // Nothing is sent until the dry run's list is confirmed.
    expect(calls.filter((call) => call.path === '/api/admin/email/bulk-send')).toHaveLength(0);
    await user.click(await within(dialog).findByRole('button', { name: 'Send to 2 recipients' }));
    expect(await screen.findByText('Bulk email sent')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/admin/email/bulk-send/dry-run')?.body).toEqual({
      templateId: 'announcement',
      recipientIds: ['p1', 'p2'],
    });
    expect(calls.find((call) => call.path === '/api/admin/email/bulk-send')?.body).toEqual({
      dryRunId: 'run-1',
    });
  });

  it("sends an announcement's own wording, leaving blank fields to the template", async () => {
    const { calls } = mockApi({
      'POST /api/admin/email/bulk-send/dry-run': {
        body: {
          ...dryRun(['p1']),
          skipped: [
            { id: 'p2', name: 'Barbara Tester', email: 'p2@example.com', reason: 'unsubscribed' },
          ],
        },
      },
      'POST /api/admin/email/bulk-send': {
        status: 202,
        body: { queued: 1, skipped: 1, sendAt: null },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <BulkSendDialog
        open
        onOpenChange={() => undefined}
        templates={templates}
        participants={participants}
      />,
    );
    await user.click(screen.getByRole('radio', { name: /Beta invitation/ }));
    expect(screen.queryByLabelText('Subject')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /General announcement/ }));
    await user.type(screen.getByLabelText('Subject'), 'Monday drop: brand voice');
    await user.type(screen.getByLabelText('Message'), 'Brand voice profiles are live.');
    await user.click(screen.getByRole('checkbox', { name: 'Select all participants' }));
    await user.click(screen.getByRole('button', { name: 'Review send to 2 recipients' }));
    const skipped = await screen.findByRole('list', { name: 'Skipped recipients' });
    expect(skipped).toHaveTextContent('Barbara Tester (p2@example.com) — unsubscribed');
    expect(screen.getByTitle('Sample of the bulk email')).toHaveAttribute(
      'srcdoc',
      '<p>Sample</p>',
    );
    await user.click(screen.getByRole('button', { name: 'Send to 1 recipient' }));
    expect(await screen.findByText('Bulk email sent')).toBeInTheDocument();
    expect(screen.getByText('1 queued, 1 skipped.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/admin/email/bulk-send/dry-run')?.body).toEqual({
      templateId: 'announcement',
      recipientIds: ['p1', 'p2'],
      content: { subject: 'Monday drop: brand voice', body: 'Brand voice profiles are live.' },
    });
  });

  it("reports 'Bulk email failed' with the server's message", async () => {
    mockApi({
      'POST /api/admin/email/bulk-send/dry-run': {
        status: 400,
        body: { message: 'Unknown template' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <BulkSendDialog
        open
        onOpenChange={() => undefined}
        templates={templates}
        participants={participants}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all participants' }));
    await user.click(screen.getByRole('radio', { name: /General announcement/ }));
    await user.click(screen.getByRole('button', { name: 'Review send to 2 recipients' }));
    expect(await screen.findByText('Bulk email failed')).toBeInTheDocument();
    expect(screen.getByText('Unknown template')).toBeInTheDocument();
  });
});
