import type { EmailTemplate, OutboxMessage, OutboxMessageDetail, Page } from '@repo/validation';
import { EMAIL_MESSAGES } from '@repo/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';
import { unsubscribeToken } from '../../src/email/unsubscribe-token';
import { seedWaitlist } from '../helpers/admin';
import { acceptInvitationOf } from '../helpers/seats';

const { ctx, admin } = useAdminContext({
  API_PUBLIC_URL: 'https://api.wordloom.test',
  PUBLIC_SITE_URL: 'https://wordloom.test',
});
let participantIds: string[];

beforeAll(async () => {
  const entries = await seedWaitlist(ctx, 3, (index) => ({
    email: `participant${index}@example.com`,
    firstName: index === 0 ? '<script>alert(1)</script>' : `Tester${index}`,
  }));
  participantIds = [];
  for (const id of entries) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/beta/approve/${id}`,
      headers: admin.headers,
    });
    participantIds.push(response.json().participant.id);
    // Active participants (issue 11: an approval invites; the link accepts).
    await acceptInvitationOf(ctx, response.json().participant.email);
  }
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin.headers });
const post = (url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: admin.headers, payload });

async function outboxTo(email: string) {
  return ctx.database.db
    .selectFrom('emailOutbox')
    .selectAll()
    .where('toEmail', '=', email)
    .orderBy('createdAt', 'desc')
    .execute();
}

describe('GET /api/admin/email/templates', () => {
  it('lists the four templates with id, name, description and category only', async () => {
    const response = await get('/api/admin/email/templates');
    expect(response.statusCode).toBe(200);
    const { templates } = response.json<{ templates: EmailTemplate[] }>();
    expect(templates.map((template) => template.id)).toEqual([
      'beta-invitation',
      'waitlist-update',
      'waitlist-welcome',
      'announcement',
    ]);
    for (const template of templates) {
      expect(Object.keys(template).sort()).toEqual(['category', 'description', 'id', 'name']);
    }
  });
});

describe('GET /api/admin/email/templates/:id/preview', () => {
  it('renders the sample data as HTML that may be framed by the admin only', async () => {
    const response = await get('/api/admin/email/templates/beta-invitation/preview');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Welcome to the Wordloom beta');
    expect(response.body).toContain('href="https://wordloom.test/beta"');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain(
      'frame-ancestors http://localhost:3002 https://wordloom.test',
    );
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it("renders a waitlist entry's own data, escaped", async () => {
    const entry = await ctx.database.db
      .selectFrom('waitlistEntries')
      .select('id')
      .where('email', '=', 'participant0@example.com')
      .executeTakeFirstOrThrow();
    const response = await get(
      `/api/admin/email/templates/waitlist-update/preview?waitlistEntryId=${entry.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Hang tight, &lt;script&gt;alert(1)&lt;/script&gt;!');
    expect(response.body).not.toContain('<script>');
  });

  it("renders a participant's own data", async () => {
    const response = await get(
      `/api/admin/email/templates/beta-invitation/preview?participantId=${participantIds[1]}`,
    );
    expect(response.body).toContain('Hi Tester1,');
  });

  it('shows the unsubscribe link in the announcement preview', async () => {
    const response = await get('/api/admin/email/templates/announcement/preview');
    expect(response.body).toContain('https://api.wordloom.test/api/email/unsubscribe?email=');
  });

  it('answers 404 to an unknown template or person and 400 to a malformed id', async () => {
    expect((await get('/api/admin/email/templates/nope/preview')).statusCode).toBe(404);
    const unknown = await get(
      '/api/admin/email/templates/beta-invitation/preview?participantId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    const malformed = await get(
      '/api/admin/email/templates/beta-invitation/preview?waitlistEntryId=x',
    );
    expect(malformed.statusCode).toBe(400);
  });
});

describe('POST /api/admin/email/test', () => {
  it('queues the template to the address, marked as a test, with the given data', async () => {
    const response = await post('/api/admin/email/test', {
      templateType: 'waitlist-welcome',
      email: 'qa@wordloom.ai',
      testData: { firstName: 'Quinn', siteUrl: 'javascript:alert(1)' },
    });
    expect(response.statusCode).toBe(202);
    const { messageId } = response.json<{ messageId: string }>();
    const [mail] = await outboxTo('qa@wordloom.ai');
    expect(mail).toMatchObject({
      id: messageId,
      templateId: 'waitlist-welcome',
      status: 'captured',
    });
    expect(mail!.subject).toBe('[Test] Confirm your place on the Wordloom waitlist');
    expect(mail!.textBody).toContain('Hi Quinn,');
    // Links always point at the configured site, whatever testData says.
    expect(mail!.htmlBody).not.toContain('javascript:');
    expect(mail!.htmlBody).toContain('https://wordloom.test/beta');
  });

  it.each([
    [{ email: 'qa@wordloom.ai' }, 'templateType', EMAIL_MESSAGES.testEmailRequired],
    [
      { templateType: ' ', email: 'qa@wordloom.ai' },
      'templateType',
      EMAIL_MESSAGES.testEmailRequired,
    ],
    [{ templateType: 'announcement' }, 'email', 'Please enter a valid email address'],
    [
      { templateType: 'announcement', email: 'nope' },
      'email',
      'Please enter a valid email address',
    ],
  ])('answers 400 to %j', async (payload, path, message) => {
    const response = await post('/api/admin/email/test', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path, message });
  });

  it('answers 400 unknown_template to a template that does not exist', async () => {
    const response = await post('/api/admin/email/test', {
      templateType: 'nope',
      email: 'qa@wordloom.ai',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('unknown_template');
  });
});

describe('bulk sending and unsubscribing', () => {
  it('answers 400 with the spec message without a template or recipients', async () => {
    for (const payload of [
      { templateId: 'announcement', recipientIds: [] },
      { templateId: '', recipientIds: participantIds },
      {},
    ]) {
      const response = await post('/api/admin/email/bulk-send', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(EMAIL_MESSAGES.selectionRequired);
    }
  });

  it('queues one broadcast per participant with a working opt-out link and headers', async () => {
    const response = await post('/api/admin/email/bulk-send', {
      templateId: 'announcement',
      recipientIds: [
        ...participantIds,
        participantIds[0],
        'not-a-uuid',
        '00000000-0000-4000-8000-000000000000',
      ],
      content: {
        subject: 'June drop',
        heading: 'New: topic clusters',
        body: 'Line one.\n\nLine two.',
      },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ queued: 3, skipped: 2, sendAt: null });
    const [mail] = await outboxTo('participant1@example.com');
    expect(mail).toMatchObject({
      templateId: 'announcement',
      stream: 'broadcast',
      subject: 'June drop',
    });
    expect(mail!.htmlBody).toContain('New: topic clusters');
    const token = unsubscribeToken(ctx.config.UNSUBSCRIBE_SECRET, 'participant1@example.com');
    const link = `https://api.wordloom.test/api/email/unsubscribe?email=participant1%40example.com&token=${token}`;
    expect(mail!.textBody).toContain(link);
    expect(mail!.headers).toEqual([
      { name: 'List-Unsubscribe', value: `<${link}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  it('records the opt-out through the link, and later bulk sends skip that address', async () => {
    const [mail] = await outboxTo('participant1@example.com');
    const link = new URL(
      /https:\/\/api\.wordloom\.test\/api\/email\/unsubscribe\?[^\s\]]+/.exec(mail!.textBody!)![0],
    );
    // A link checker's HEAD request changes nothing.
    const head = await ctx.app.inject({ method: 'HEAD', url: `${link.pathname}${link.search}` });
    expect(head.statusCode).toBe(404);
    expect(await ctx.database.db.selectFrom('emailSuppressions').select('email').execute()).toEqual(
      [],
    );
    // Following the link only asks (a mail scanner's GET unsubscribes nobody).
    const page = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('p***@example.com');
    expect(await ctx.database.db.selectFrom('emailSuppressions').select('email').execute()).toEqual(
      [],
    );
    // The page's button posts to the same URL; posting twice is harmless.
    for (let click = 0; click < 2; click++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${link.pathname}${link.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: '',
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("You're unsubscribed");
    }

    // Another template: the same one within 7 days would be skipped for everyone.
    const again = await post('/api/admin/email/bulk-send', {
      templateId: 'waitlist-update',
      recipientIds: participantIds,
    });
    expect(again.json()).toMatchObject({ queued: 2, skipped: 1 });
    expect(await outboxTo('participant1@example.com')).toHaveLength(2); // the invitation and the first send
  });

  it('accepts the RFC 8058 one-click POST from a mail client, without a session', async () => {
    const email = 'participant2@example.com';
    const token = unsubscribeToken(ctx.config.UNSUBSCRIBE_SECRET, email);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?email=${encodeURIComponent(email)}&token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    const row = await ctx.database.db
      .selectFrom('emailSuppressions')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row).toMatchObject({ email, reason: 'unsubscribed' });
  });

  it.each([
    ['a forged token', `email=someone%40example.com&token=${'A'.repeat(43)}`],
    ['a token for another address', `email=other%40example.com&token=TOKEN`],
    ['no token', 'email=someone%40example.com'],
    ['nothing', ''],
  ])('answers 400 to %s and records nothing', async (_label, query) => {
    const token = unsubscribeToken(ctx.config.UNSUBSCRIBE_SECRET, 'someone@example.com');
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/email/unsubscribe?${query.replace('TOKEN', token)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('invalid_unsubscribe_link');
    const rows = await ctx.database.db
      .selectFrom('emailSuppressions')
      .select('email')
      .where('email', 'in', ['someone@example.com', 'other@example.com'])
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('the outbox in the admin', () => {
  it('lists messages newest first with their state, filterable by status', async () => {
    const response = await get('/api/admin/email/outbox?pageSize=5');
    expect(response.statusCode).toBe(200);
    const page = response.json<Page<OutboxMessage>>();
    expect(page.items).toHaveLength(5);
    const all = await ctx.database.db.selectFrom('emailOutbox').select('id').execute();
    // 3 invitations, 1 test email, 3 + 2 bulk emails.
    expect(page.total).toBe(9);
    expect(all).toHaveLength(9);
    expect(Object.keys(page.items[0]!).sort()).toEqual(
      [
        'id',
        'templateId',
        'toEmail',
        'subject',
        'stream',
        'status',
        'attempts',
        'lastError',
        'createdAt',
        'sentAt',
        'nextAttemptAt',
        'deliveryState',
        'deliveryDetail',
        'deliveryEventAt',
      ].sort(),
    );
    const captured = await get('/api/admin/email/outbox?status=captured&pageSize=100');
    expect(captured.json<Page<OutboxMessage>>().total).toBe(page.total);
    const sent = await get('/api/admin/email/outbox?status=sent');
    expect(sent.json<Page<OutboxMessage>>().total).toBe(0);
    expect((await get('/api/admin/email/outbox?status=lost')).statusCode).toBe(400);
  });

  it('shows one captured message in full, so it can be read without sending', async () => {
    const [mail] = await outboxTo('qa@wordloom.ai');
    const response = await get(`/api/admin/email/outbox/${mail!.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<OutboxMessageDetail>();
    expect(detail).toMatchObject({ id: mail!.id, status: 'captured', toEmail: 'qa@wordloom.ai' });
    expect(detail.htmlBody).toContain('<html');
    expect(detail.textBody).toContain('Hi Quinn,');
    expect(
      (await get('/api/admin/email/outbox/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await get('/api/admin/email/outbox/x')).statusCode).toBe(404);
  });

  it('requeues a failed message on request, and only a failed one', async () => {
    const [mail] = await outboxTo('qa@wordloom.ai');
    const notFailed = await post(`/api/admin/email/outbox/${mail!.id}/retry`, {});
    expect(notFailed.statusCode).toBe(409);
    await ctx.database.db
      .updateTable('emailOutbox')
      .set({ status: 'failed', attempts: 10, lastError: 'Postmark 422: bad' })
      .where('id', '=', mail!.id)
      .execute();
    const retried = await post(`/api/admin/email/outbox/${mail!.id}/retry`, {});
    expect(retried.statusCode).toBe(202);
    expect(retried.json<OutboxMessage>()).toMatchObject({
      id: mail!.id,
      status: 'queued',
      attempts: 0,
    });
  });
});
