import { createHash } from 'node:crypto';
import type { OutboxMessageDetail, Page, OutboxMessage } from '@repo/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { usePostmarkContext } from '../helpers/use-context';
import { linkSecretsKey, sealSecrets } from '../../src/email/link-secrets';
import { createOutboxWorker } from '../../src/email-outbox/outbox-worker';
import { createPostmarkTransport } from '../../src/email/postmark-transport';
import { validWaitlistSignup } from '../helpers/test-app';

/*
 * Issue 19: a single-use link token lives only in the mail that is sent. No
 * stored row (every column of every table) and no admin answer holds one,
 * before or after sending; the recipient's copy carries a working link.
 */

const { ctx, admin, fake } = usePostmarkContext({
  ADMIN_EMAIL_DOMAINS: 'staff.example',
});

const inject = (
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  headers?: Record<string, string>,
) => ctx.app.inject({ method, url, headers, payload });
const asAdmin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  inject(method, url, payload, admin.headers);

/** Every row of every table in the database, as text: a new table or column is covered too. */
async function everythingStored(): Promise<string> {
  const { db } = ctx.database;
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
  `.execute(db);
  expect(tables.rows.map((table) => table.name)).toContain('email_outbox');
  const dumps = await Promise.all(
    tables.rows.map(async ({ name }) => {
      const rows = await sql<{
        row: string;
      }>`select t::text as row from ${sql.table(name)} as t`.execute(db);
      return rows.rows.map((row) => row.row).join('\n');
    }),
  );
  return dumps.join('\n');
}

/** Every admin answer that shows mail: the outbox list and each message, timelines, the audit log. */
async function everythingAnswered(addresses: string[]): Promise<string> {
  const answers: string[] = [];
  const read = async (url: string) => {
    const response = await asAdmin('GET', url);
    expect(response.statusCode, url).toBe(200);
    answers.push(response.body);
    return response;
  };
  const list = (await read('/api/admin/email/outbox?pageSize=100')).json<Page<OutboxMessage>>();
  for (const message of list.items) await read(`/api/admin/email/outbox/${message.id}`);
  for (const address of addresses) {
    await read(`/api/admin/people/timeline?email=${encodeURIComponent(address)}`);
  }
  await read('/api/admin/audit-log');
  return answers.join('\n');
}

const LINK = /\/(verify-email|accept-invite|beta\/accept|waitlist\/confirm)\?token=([\w-]+)/;

/** The link in each mail Postmark accepted for these addresses: its kind, token and recipient. */
function sentLinks(addresses: string[]): { kind: string; token: string; to: string }[] {
  return fake.accepted
    .filter((email) => addresses.includes(email.To))
    .map((mail) => {
      const text = LINK.exec(mail.TextBody);
      const html = LINK.exec(mail.HtmlBody);
      expect(text, `a link in the text of the mail to ${mail.To}`).not.toBeNull();
      // Both alternatives carry the same working link.
      expect(html?.[2]).toBe(text![2]);
      return { kind: text![1]!, token: text![2]!, to: mail.To };
    });
}

const tokenOf = (links: ReturnType<typeof sentLinks>, kind: string, to: string) =>
  links.find((link) => link.kind === kind && link.to === to)!.token;

/** The unused, unexpired account token (staff verification or invitation) a link carries. */
function liveAccountToken(token: string) {
  return ctx.database.db
    .selectFrom('accountTokens')
    .select(['purpose', 'email'])
    .where('tokenHash', '=', createHash('sha256').update(token, 'utf8').digest('hex'))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
}

async function outboxRowsTo(addresses: string[]) {
  return ctx.database.db
    .selectFrom('emailOutbox')
    .selectAll()
    .where('toEmail', 'in', addresses)
    .execute();
}

describe('link tokens in the outbox (issue 19)', () => {
  it('are in no stored row and no admin answer, before or after sending, and the sent links work', async () => {
    const pendingStaff = 'pending.editor@staff.example';
    const invitedStaff = 'invited.writer@staff.example';
    const signup = validWaitlistSignup({ email: 'wanda.waitlist@example.com' });
    const approved = validWaitlistSignup({ email: 'bert.beta@example.com' });
    const addresses = [pendingStaff, invitedStaff, signup.email, approved.email];

    // Each kind of link-bearing mail, queued the way the product queues it.
    const registered = await inject('POST', '/api/register', {
      username: 'pending-editor',
      password: 'a-long-password',
      email: pendingStaff,
      name: 'Pending Editor',
    });
    expect(registered.statusCode).toBe(201);
    expect(
      (await asAdmin('POST', '/api/admin/accounts/invite', { email: invitedStaff })).statusCode,
    ).toBe(201);
    expect((await inject('POST', '/api/waitlist', signup)).statusCode).toBe(201);
    const entry = await inject('POST', '/api/waitlist', approved);
    expect(entry.statusCode).toBe(201);
    const approval = await asAdmin(
      'POST',
      `/api/admin/beta/approve/${entry.json<{ id: string }>().id}`,
    );
    expect(approval.statusCode).toBe(201);

    // Queued, not sent: the bodies (and the deferred confirmation's data) show a placeholder.
    const queued = await outboxRowsTo(addresses);
    expect(queued.map((row) => row.templateId).sort()).toEqual([
      'account-verification',
      'account-verification',
      'beta-invitation',
      'waitlist-welcome',
      'waitlist-welcome',
    ]);
    for (const row of queued) {
      expect(row.status).toBe('queued');
      expect(row.linkSecrets).toMatch(/^v1\./);
      const stored = JSON.stringify([row.htmlBody, row.textBody, row.templateData]);
      expect(stored).toContain('?token=[redacted]');
    }
    // The console's view of a message shows where the link was, without its token.
    const detail = await asAdmin('GET', `/api/admin/email/outbox/${queued[0]!.id}`);
    expect(detail.json<OutboxMessageDetail>().textBody).toContain('?token=[redacted]');
    const beforeSending = (await everythingStored()) + (await everythingAnswered(addresses));

    const summary = await ctx.app.emailWorker!.drainOnce();
    expect(summary.sent).toBe(5);
    const links = sentLinks(addresses);
    expect(links.map((link) => link.kind).sort()).toEqual([
      'accept-invite',
      'beta/accept',
      'verify-email',
      'waitlist/confirm',
      'waitlist/confirm',
    ]);

    const afterSending = (await everythingStored()) + (await everythingAnswered(addresses));
    for (const { kind, token } of links) {
      expect(token, kind).toHaveLength(43);
      expect(beforeSending.includes(token), `${kind} token stored or answered before sending`).toBe(
        false,
      );
      expect(afterSending.includes(token), `${kind} token stored or answered after sending`).toBe(
        false,
      );
    }
    for (const row of await outboxRowsTo(addresses)) {
      expect(row).toMatchObject({ status: 'sent', linkSecrets: null, templateData: null });
      expect(row.textBody).toContain('?token=[redacted]');
    }

    // The recipients' links work: the staff links' tokens are the live ones stored (hashed)...
    expect(await liveAccountToken(tokenOf(links, 'verify-email', pendingStaff))).toEqual({
      purpose: 'verify_email',
      email: pendingStaff,
    });
    expect(await liveAccountToken(tokenOf(links, 'accept-invite', invitedStaff))).toEqual({
      purpose: 'invite',
      email: invitedStaff,
    });
    // ... and the site's links are used up through the API.
    const accepted = await inject('POST', '/api/beta/invitations/accept', {
      token: tokenOf(links, 'beta/accept', approved.email),
    });
    expect(accepted.statusCode).toBe(200);
    const confirmed = await inject('POST', '/api/waitlist/confirm', {
      token: tokenOf(links, 'waitlist/confirm', signup.email),
    });
    expect(confirmed.statusCode).toBe(200);
  });

  it('keeps the sealed token of a failed message, so a retry later still sends a working link', async () => {
    const address = 'retried.editor@staff.example';
    fake.setMode({ kind: 'reject', errorCode: 300, message: 'Invalid email request' });
    const registered = await inject('POST', '/api/register', {
      username: 'retried-editor',
      password: 'a-long-password',
      email: address,
      name: 'Retried Editor',
    });
    expect(registered.statusCode).toBe(201);
    await ctx.app.emailWorker!.drainOnce();
    const [failed] = await outboxRowsTo([address]);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.linkSecrets).toMatch(/^v1\./);
    expect(JSON.stringify(failed)).toContain('?token=[redacted]');

    fake.setMode({ kind: 'ok' });
    const retry = await asAdmin('POST', `/api/admin/email/outbox/${failed!.id}/retry`);
    expect(retry.statusCode).toBe(202);
    await ctx.app.emailWorker!.drainOnce();
    const token = tokenOf(sentLinks([address]), 'verify-email', address);
    expect(token).toHaveLength(43);
    expect(await everythingStored()).not.toContain(token);
    const [sent] = await outboxRowsTo([address]);
    expect(sent).toMatchObject({ status: 'sent', linkSecrets: null });
    expect(await liveAccountToken(token)).toEqual({ purpose: 'verify_email', email: address });
  });

  it('fails a message whose sealed token no longer opens, rather than send a broken link', async () => {
    const [{ id }] = [
      await ctx.database.db
        .insertInto('emailOutbox')
        .values({
          stream: 'outbound',
          templateId: 'account-verification',
          toEmail: 'sealed.elsewhere@staff.example',
          subject: 'Confirm your email address',
          htmlBody: '<a href="https://admin.test/verify-email?token=[redacted]">Confirm</a>',
          textBody: 'https://admin.test/verify-email?token=[redacted]',
          headers: '[]',
          status: 'queued',
          nextAttemptAt: new Date(),
          // Sealed with another SESSION_SECRET (one rotated since).
          linkSecrets: sealSecrets(linkSecretsKey('another-session-secret-of-32-characters!'), [
            'x'.repeat(43),
          ]),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    ];
    const before = fake.accepted.length;
    await ctx.app.emailWorker!.drainOnce();
    expect(fake.accepted.length).toBe(before);
    const row = await ctx.database.db
      .selectFrom('emailOutbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/could not restore the message's links/);
  });

  it('a worker without the key fails a message with sealed links and sends nothing', async () => {
    const address = 'keyless.editor@staff.example';
    const registered = await inject('POST', '/api/register', {
      username: 'keyless-editor',
      password: 'a-long-password',
      email: address,
      name: 'Keyless Editor',
    });
    expect(registered.statusCode).toBe(201);
    const before = fake.accepted.length;
    const keyless = createOutboxWorker({
      db: ctx.database.db,
      log: ctx.app.log,
      transport: createPostmarkTransport({
        serverToken: fake.token,
        apiHost: fake.host,
        timeoutMs: 1000,
        from: ctx.config.EMAIL_FROM,
        streams: { outbound: 'outbound', broadcast: 'broadcast' },
      }),
      pollIntervalMs: 1000,
      maxAttempts: 3,
      retryBaseMs: 1000,
      leaseMs: 5000,
    });
    await keyless.drainOnce();
    expect(fake.accepted.length).toBe(before);
    const [row] = await outboxRowsTo([address]);
    expect(row).toMatchObject({ status: 'failed' });
  });
});
