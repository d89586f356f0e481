import { describe, expect, it } from 'vitest';
import { bulkEmailSchema } from '../src';
import { messages } from './first-messages';

describe('bulk send', () => {
  it('needs a template and at least one recipient for a bulk send', () => {
    expect(
      messages(bulkEmailSchema.safeParse({ templateId: 'announcement', recipientIds: [] }))
        .recipientIds,
    ).toBe('Please select an email template and at least one recipient');
  });
});
