import type { AuditLogEntry, AuditLogPage } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';
import { insertStaffUser, seedWaitlist, sessionFor } from '../helpers/admin';
import { acceptInvitationOf } from '../helpers/seats';

const { ctx, admin } = useAdminContext();

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

async function entriesOf(action: string): Promise<AuditLogEntry[]> {
  const response = await inject('GET', `/api/admin/audit-log?action=${action}&pageSize=100`);
  expect(response.statusCode).toBe(200);
  return response.json<AuditLogPage>().entries;
}

async function lastOf(action: string): Promise<AuditLogEntry | undefined> {
  return (await entriesOf(action))[0];
}

describe('the audit log records', () => {
  let entryId: string;
  let participantId: string;

  it('an approval, once, in the same transaction as the change', async () => {
    [entryId] = (await seedWaitlist(ctx, 1, () => ({ email: 'audit-approve@example.com' }))) as [
      string,
    ];
    const approved = await inject('POST', `/api/admin/beta/approve/${entryId}`);
    expect(approved.statusCode).toBe(201);
    participantId = approved.json<{ participant: { id: string } }>().participant.id;
    // A refused second approval changes nothing, so it records nothing.
    expect((await inject('POST', `/api/admin/beta/approve/${entryId}`)).statusCode).toBe(409);
    const entries = await entriesOf('waitlist.approve');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorLabel: 'staff-admin',
      action: 'waitlist.approve',
      targetType: 'waitlist_entry',
      targetId: entryId,
      details: { participantId },
      ip: '127.0.0.1',
      createdAt: expect.stringMatching(/Z$/),
    });
  });

  it('emails sent to waitlist entries and participants', async () => {
    expect(
      (await inject('POST', `/api/admin/beta/send-waitlist-update/${entryId}`)).statusCode,
    ).toBe(202);
    expect(await lastOf('waitlist.email')).toMatchObject({
      targetType: 'waitlist_entry',
      targetId: entryId,
      details: { template: 'waitlist-update' },
    });
    expect(
      (await inject('POST', `/api/admin/beta/resend-invite/${participantId}`)).statusCode,
    ).toBe(202);
    expect(await lastOf('participant.email')).toMatchObject({
      targetId: participantId,
      details: { template: 'beta-invitation' },
    });
  });

  it('participant and contact status changes', async () => {
    // Issue 11: only an accepted invitation can be deactivated.
    await acceptInvitationOf(ctx, 'audit-approve@example.com');
    const status = await inject('PATCH', `/api/admin/beta/participants/${participantId}`, {
      status: 'inactive',
    });
    expect(status.statusCode).toBe(200);
    expect(await lastOf('participant.status')).toMatchObject({
      targetId: participantId,
      details: { status: 'inactive' },
    });
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Audrey Audit',
        email: 'audrey@example.com',
        subject: 'A question',
        message: 'Who reads my messages?',
      },
    });
    const contactId = contact.json<{ id: string }>().id;
    expect(
      (await inject('PATCH', `/api/admin/contacts/${contactId}`, { status: 'read' })).statusCode,
    ).toBe(200);
    // Backwards is refused and leaves no entry.
    expect(
      (await inject('PATCH', `/api/admin/contacts/${contactId}`, { status: 'new' })).statusCode,
    ).toBe(409);
    const entries = await entriesOf('contact.status');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      targetType: 'contact_message',
      targetId: contactId,
      details: { status: 'read' },
    });
  });

  it('test emails, bulk sends (counts only) and outbox retries', async () => {
    const test = await inject('POST', '/api/admin/email/test', {
      templateType: 'waitlist-welcome',
      email: 'tester-audit@example.com',
    });
    expect(test.statusCode).toBe(202);
    const messageId = test.json<{ messageId: string }>().messageId;
    expect(await lastOf('email.test')).toMatchObject({
      targetId: messageId,
      details: { template: 'waitlist-welcome' },
    });

    const bulk = await inject('POST', '/api/admin/email/bulk-send', {
      templateId: 'announcement',
      recipientIds: [participantId, '00000000-0000-4000-8000-000000000000'],
    });
    expect(bulk.statusCode).toBe(202);
    // The participant was deactivated above: skipped, like the unknown id.
    expect(await lastOf('email.bulk')).toMatchObject({
      targetId: 'announcement',
      details: { queued: 0, skipped: 2 },
    });

    await ctx.database.db
      .updateTable('emailOutbox')
      .set({ status: 'failed' })
      .where('id', '=', messageId)
      .execute();
    expect((await inject('POST', `/api/admin/email/outbox/${messageId}/retry`)).statusCode).toBe(
      202,
    );
    expect(await lastOf('email.retry')).toMatchObject({ targetType: 'email', targetId: messageId });
  });

  it('every CSV export, with the export and its row count', async () => {
    const rows = (await ctx.database.db.selectFrom('waitlistEntries').select('id').execute())
      .length;
    const waitlist = await inject('GET', '/api/admin/waitlist/export');
    expect(waitlist.statusCode).toBe(200);
    expect(await lastOf('export.csv')).toMatchObject({
      targetType: 'waitlist',
      details: { export: 'waitlist', rows },
    });
    expect((await inject('GET', '/api/admin/contacts/export')).statusCode).toBe(200);
    expect(await lastOf('export.csv')).toMatchObject({
      targetType: 'contacts',
      details: { export: 'contacts', rows: 1 },
    });
  });

  it('an API key as "API key <keyId>"', async () => {
    const created = await inject('POST', '/api/admin/api-keys', {
      name: 'Exporter',
      permissions: ['contacts:export'],
    });
    const { keyId, formattedKey } = created.json<{ keyId: string; formattedKey: string }>();
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/contacts/export',
      headers: { authorization: `Bearer ${formattedKey}` },
    });
    expect(response.statusCode).toBe(200);
    const apiKey = await ctx.database.db
      .selectFrom('apiKeys')
      .select('id')
      .where('keyId', '=', keyId)
      .executeTakeFirstOrThrow();
    expect(await lastOf('export.csv')).toMatchObject({
      actorLabel: `API key ${keyId}`,
      actor: { kind: 'api_key', id: apiKey.id, label: `API key ${keyId}` },
    });
  });

  it('a staff member named like a key as staff, with its user id (the label cannot forge a key)', async () => {
    const forger = await insertStaffUser(ctx, {
      username: 'API key 522d960d9669afcb',
      role: 'admin',
    });
    const session = await sessionFor(ctx, forger);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/contacts/export',
      headers: session.headers,
    });
    expect(response.statusCode).toBe(200);
    const entry = await lastOf('export.csv');
    expect(entry).toMatchObject({
      actorLabel: 'API key 522d960d9669afcb',
      actor: { kind: 'staff', id: forger, label: 'API key 522d960d9669afcb' },
    });
    // Filtering by kind tells them apart.
    const keys = await inject('GET', '/api/admin/audit-log?actorKind=api_key&pageSize=100');
    const keyEntries = keys.json<AuditLogPage>().entries;
    expect(keyEntries.length).toBeGreaterThan(0);
    expect(keyEntries.every((e) => e.actor.kind === 'api_key')).toBe(true);
    expect(keyEntries.map((e) => e.id)).not.toContain(entry!.id);
    const staff = await inject('GET', '/api/admin/audit-log?actorKind=staff&pageSize=100');
    expect(staff.json<AuditLogPage>().entries.map((e) => e.id)).toContain(entry!.id);
  });

  it('a session of the signed-in admin as staff with its user id', async () => {
    expect(await lastOf('waitlist.approve')).toMatchObject({
      actor: { kind: 'staff', id: admin.userId, label: 'staff-admin' },
    });
  });

  it('no personal data: no address appears in any entry', async () => {
    const rows = await ctx.database.db.selectFrom('auditLog').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const text = JSON.stringify(rows.map(({ details, targetId }) => ({ details, targetId })));
    expect(text).not.toContain('@');
  });
});

describe('GET /api/admin/audit-log', () => {
  it('pages newest first and filters by action', async () => {
    const first = await inject('GET', '/api/admin/audit-log?page=1&pageSize=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<AuditLogPage>();
    expect(page.entries).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(Object.keys(page.entries[0]!).sort()).toEqual(
      [
        'id',
        'actorLabel',
        'actor',
        'action',
        'targetType',
        'targetId',
        'details',
        'ip',
        'createdAt',
        // Looked up when read (issue 20), never stored.
        'actorName',
        'subjectName',
      ].sort(),
    );
    expect(page.entries[0]!.createdAt >= page.entries[1]!.createdAt).toBe(true);
    const second = await inject('GET', '/api/admin/audit-log?page=2&pageSize=2');
    expect(second.json<AuditLogPage>().entries[0]!.id).not.toBe(page.entries[0]!.id);
    const filtered = await inject('GET', '/api/admin/audit-log?action=export.csv');
    const exports = filtered.json<AuditLogPage>();
    expect(exports.total).toBe(4);
    expect(exports.entries.every((entry) => entry.action === 'export.csv')).toBe(true);
  });

  it.each([
    ['page=0'],
    ['pageSize=101'],
    ['pageSize=ten'],
    ['action=DROP%20TABLE'],
    [`action=${'a'.repeat(65)}`],
    ['actorKind=robot'],
  ])('answers 400 to %s', async (query) => {
    const response = await inject('GET', `/api/admin/audit-log?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: 'validation_error',
      message: expect.any(String),
    });
  });

  it('is admin only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit-log' });
    expect(response.statusCode).toBe(401);
  });
});
