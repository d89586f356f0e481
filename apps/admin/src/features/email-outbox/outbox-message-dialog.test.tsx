import type { OutboxMessageDetail } from '@repo/api-client';
import { EMAIL_LINK_MESSAGES } from '@repo/validation';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { OutboxMessageDialog } from './outbox-message-dialog';

function message(overrides: Partial<OutboxMessageDetail>): OutboxMessageDetail {
  return {
    id: 'msg-1',
    templateId: 'waitlist-welcome',
    toEmail: 'ada@example.com',
    subject: 'Confirm your place on the Wordloom waitlist',
    stream: 'outbound',
    status: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: '2026-11-26T09:00:00.000Z',
    sentAt: '2026-11-26T09:00:05.000Z',
    nextAttemptAt: '2026-11-26T09:00:00.000Z',
    deliveryState: null,
    deliveryDetail: null,
    deliveryEventAt: null,
    htmlBody: '<p>Hello</p>',
    textBody: 'Hello',
    events: [],
    ...overrides,
  };
}

describe('outbox message view', () => {
  it('says plainly that a single-use link was hidden on purpose (issue 19)', async () => {
    mockApi({
      'GET /api/admin/email/outbox/msg-1': {
        body: message({
          htmlBody:
            '<a href="https://wordloom.test/waitlist/confirm?token=[redacted]">Confirm my place</a>',
          textBody: 'Confirm my place https://wordloom.test/waitlist/confirm?token=[redacted]',
        }),
      },
    });
    renderWithProviders(<OutboxMessageDialog id="msg-1" onClose={() => undefined} />);
    const note = await screen.findByRole('note', { name: EMAIL_LINK_MESSAGES.hiddenTitle });
    expect(note).toHaveTextContent(EMAIL_LINK_MESSAGES.hidden);
    expect(note).toHaveTextContent('[redacted]');
  });

  it('shows no such note for a message without a single-use link', async () => {
    mockApi({ 'GET /api/admin/email/outbox/msg-1': { body: message({}) } });
    renderWithProviders(<OutboxMessageDialog id="msg-1" onClose={() => undefined} />);
    expect(await screen.findByText('To ada@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
