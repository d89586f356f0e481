import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';
import { seedWaitlist } from '../helpers/admin';
import { acceptInvitationOf } from '../helpers/seats';

const { ctx, admin } = useAdminContext();
/** ready, unsubscribed, bounced, inactive, recently sent */
let ids: string[];

beforeAll(async () => {
  const entries = await seedWaitlist(ctx, 5, (index) => ({ email: `bulk${index}@example.com` }));
  ids = [];
  for (const id of entries) {
    const response = await post(`/api/admin/beta/approve/${id}`, {});
    ids.push(response.json().participant.id);
    // Active participants (issue 11: an approval invites; the link accepts).
    await acceptInvitationOf(ctx, response.json().participant.email);
  }
  const db = ctx.database.db;
  await db
    .insertInto('emailSuppressions')
    .values([
      {
        email: 'bulk1@example.com',
        stream: 'broadcast',
        reason: 'unsubscribed',
        origin: 'unsubscribe',
      },
      { email: 'bulk2@example.com', stream: 'broadcast', reason: 'Bounced', origin: 'hard_bounce' },
    ])
    .execute();
  await db
    .updateTable('betaParticipants')
    .set({ status: 'inactive' })
    .where('id', '=', ids[3]!)
    .execute();
  // bulk4 got the announcement two days ago.
  await db
    .insertInto('emailOutbox')
    .values({
      stream: 'broadcast',
      templateId: 'announcement',
      toEmail: 'Bulk4@example.com',
      subject: 'Earlier news',
      htmlBody: '<p>x</p>',
      textBody: 'x',
      status: 'captured',
      nextAttemptAt: sql<Date>`now()`,
      createdAt: sql<Date>`now() - interval '2 days'` as unknown as Date,
    })
    .execute();
});

function post(url: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url, headers: admin.headers, payload });
}
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin.headers });

const announcementCount = async () =>
  Number(
    (
      await ctx.database.db
        .selectFrom('emailOutbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('templateId', '=', 'announcement')
        .executeTakeFirstOrThrow()
    ).n,
  );

interface DryRun {
  dryRunId: string;
  recipients: { id: string; email: string }[];
  skipped: { id: string; email: string; reason: string }[];
  sample: { subject: string; html: string };
}

async function dryRun(extra: Record<string, unknown> = {}) {
  const response = await post('/api/admin/email/bulk-send/dry-run', {
    templateId: 'announcement',
    recipientIds: [...ids, '00000000-0000-4000-8000-000000000000'],
    content: { subject: 'Topic clusters are live' },
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return response.json<DryRun>();
}

describe('bulk send: dry run, then confirm', () => {
  it('shows who receives it, who is skipped and why, and a sample, queueing nothing', async () => {
    const before = await announcementCount();
    const run = await dryRun();
    expect(run.recipients.map((recipient) => recipient.email)).toEqual(['bulk0@example.com']);
    expect(
      Object.fromEntries(run.skipped.map((skip) => [skip.email || skip.id, skip.reason])),
    ).toEqual({
      'bulk1@example.com': 'unsubscribed',
      'bulk2@example.com': 'suppressed',
      'bulk3@example.com': 'inactive',
      'bulk4@example.com': 'recently_sent',
      '00000000-0000-4000-8000-000000000000': 'not_found',
    });
    expect(run.sample.subject).toBe('Topic clusters are live');
    expect(run.sample.html).toContain('<html');
    expect(await announcementCount()).toBe(before);
  });

  it('sends exactly the list shown, once: a replay or a second click is refused', async () => {
    const run = await dryRun();
    const before = await announcementCount();
    // Someone becomes eligible after the dry run: the confirmed send still follows the list shown.
    await ctx.database.db
      .updateTable('betaParticipants')
      .set({ status: 'active' })
      .where('id', '=', ids[3]!)
      .execute();
    const answers = await Promise.all([
      post('/api/admin/email/bulk-send', { dryRunId: run.dryRunId }),
      post('/api/admin/email/bulk-send', { dryRunId: run.dryRunId }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ type: 'already_confirmed' });
    expect(await announcementCount()).toBe(before + 1);

    const results = await get(`/api/admin/email/bulk-sends/${run.dryRunId}`);
    expect(results.statusCode).toBe(200);
    expect(results.json()).toMatchObject({
      confirmedAt: expect.any(String),
      recipients: [{ email: 'bulk0@example.com', status: 'captured' }],
    });
    expect(results.json().skipped).toHaveLength(5);
    await ctx.database.db
      .updateTable('betaParticipants')
      .set({ status: 'inactive' })
      .where('id', '=', ids[3]!)
      .execute();
  });

  it('refuses an expired dry run and an unknown one', async () => {
    const run = await dryRun({ templateId: 'beta-invitation' });
    await ctx.database.db
      .updateTable('bulkSendRuns')
      .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', run.dryRunId)
      .execute();
    const expired = await post('/api/admin/email/bulk-send', { dryRunId: run.dryRunId });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ type: 'dry_run_expired' });
    const unknown = await post('/api/admin/email/bulk-send', {
      dryRunId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await post('/api/admin/email/bulk-send', { dryRunId: 'nope' })).statusCode).toBe(400);
    expect((await get('/api/admin/email/bulk-sends/nope')).statusCode).toBe(404);
  });

  it('schedules a send for later, within 30 days', async () => {
    const sendAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const run = await dryRun({ templateId: 'waitlist-update', sendAt });
    const sent = await post('/api/admin/email/bulk-send', { dryRunId: run.dryRunId });
    expect(sent.statusCode).toBe(202);
    expect(sent.json().sendAt).toBe(sendAt);
    const message = await ctx.database.db
      .selectFrom('emailOutbox')
      .select('nextAttemptAt')
      .where('bulkSendId', '=', run.dryRunId)
      .executeTakeFirstOrThrow();
    expect(message.nextAttemptAt.toISOString()).toBe(sendAt);
    for (const bad of [
      new Date(Date.now() - 86_400_000).toISOString(),
      new Date(Date.now() + 40 * 86_400_000).toISOString(),
      'tomorrow',
    ]) {
      const response = await post('/api/admin/email/bulk-send/dry-run', {
        templateId: 'announcement',
        recipientIds: ids,
        sendAt: bad,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
