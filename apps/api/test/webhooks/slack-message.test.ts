import { WEBHOOK_EVENTS, WEBHOOK_EXAMPLE_PAYLOADS, type WebhookEnvelope } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { ordinal, slackMessageOf } from '../../src/webhooks/slack-message';

const envelope = (type: (typeof WEBHOOK_EVENTS)[number]) =>
  ({
    type,
    timestamp: '2026-11-29T09:00:00.000Z',
    data: WEBHOOK_EXAMPLE_PAYLOADS[type],
  }) as WebhookEnvelope;

describe('Slack messages (issue 34)', () => {
  it('read as the audit log does', () => {
    expect(slackMessageOf(envelope('waitlist.signed_up'))).toEqual({
      text: 'Ada Lovelace (Analytical Engines) joined the waitlist',
    });
    expect(slackMessageOf(envelope('waitlist.confirmed')).text).toBe(
      'Ada Lovelace (Analytical Engines) confirmed their address, 312th in the queue',
    );
    expect(slackMessageOf(envelope('post.published')).text).toBe(
      'The post "Writing with AI" was published',
    );
    expect(slackMessageOf(envelope('person.erased')).text).toBe('A person was erased (2 records)');
  });

  it('has a sentence for every event, naming nobody for an erasure', () => {
    for (const type of WEBHOOK_EVENTS) {
      const { text } = slackMessageOf(envelope(type));
      expect(text.length, type).toBeGreaterThan(10);
      if (type === 'person.erased') expect(text).not.toContain('Ada');
    }
  });

  it('counts in English', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 312, 1203].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
      '312th',
      '1,203rd',
    ]);
  });
});
