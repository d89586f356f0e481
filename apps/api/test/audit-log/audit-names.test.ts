import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditLog } from '../../src/audit/audit-log';
import { type AdminSession, insertStaffUser, seedWaitlist, sessionFor } from '../helpers/admin';
import { createTestContext, type TestContext } from '../helpers/test-app';

/*
 * Issue 20: the audit log reads as sentences. The names it reads with are
 * looked up when the log is read (the log keeps ids only), so a renamed
 * account reads with its new name and an erased person with none.
 */

let ctx: TestContext;
let ada: AdminSession;
beforeAll(async () => {
  ctx = await createTestContext();
  const adaId = await insertStaffUser(ctx, {
    username: 'ada-names',
    name: 'Ada Lovelace',
    role: 'owner',
  });
  ada = await sessionFor(ctx, adaId);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: ada.headers, ...(payload ? { payload } : {}) });

async function newest(action: string) {
  const { entries } = await listAuditLog(db(), { page: 1, pageSize: 5, action });
  expect(entries.length).toBeGreaterThan(0);
  return entries[0]!;
}

describe('the audit log names, looked up when it is read', () => {
  let entryId: string;

  it('names the staff member and the person approved', async () => {
    [entryId] = (await seedWaitlist(ctx, 1, () => ({
      email: 'grace-names@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
    }))) as [string];
    expect((await inject('POST', `/api/admin/beta/approve/${entryId}`)).statusCode).toBe(201);
    expect(await newest('waitlist.approve')).toMatchObject({
      actor: { kind: 'staff', id: ada.userId },
      actorName: 'Ada Lovelace',
      targetId: entryId,
      subjectName: 'Grace Hopper',
    });
  });

  it('answers the names over HTTP, beside the ids', async () => {
    const response = await inject('GET', '/api/admin/audit-log?action=waitlist.approve');
    expect(response.statusCode).toBe(200);
    expect(response.json().entries[0]).toMatchObject({
      actor: { kind: 'staff', id: ada.userId, label: 'ada-names' },
      actorName: 'Ada Lovelace',
      targetId: entryId,
      subjectName: 'Grace Hopper',
    });
  });

  it('stores no name: the row holds ids only', async () => {
    const rows = await db().selectFrom('auditLog').selectAll().execute();
    const text = JSON.stringify(rows);
    for (const name of ['Ada', 'Lovelace', 'Grace', 'Hopper']) expect(text).not.toContain(name);
  });

  it('reads a renamed account with its new name', async () => {
    await db()
      .updateTable('users')
      .set({ name: 'Ada King' })
      .where('id', '=', ada.userId)
      .execute();
    await db()
      .updateTable('waitlistEntries')
      .set({ lastName: 'Murray Hopper' })
      .where('id', '=', entryId)
      .execute();
    expect(await newest('waitlist.approve')).toMatchObject({
      actorName: 'Ada King',
      subjectName: 'Grace Murray Hopper',
    });
  });

  it('reads an erased person with no name, and the erasure itself names no one', async () => {
    const erased = await inject('POST', '/api/admin/erasure', {
      email: 'grace-names@example.com',
    });
    expect(erased.statusCode).toBe(200);
    expect(await newest('waitlist.approve')).toMatchObject({
      targetId: entryId,
      subjectName: null,
      actorName: 'Ada King',
    });
    expect(await newest('person.erase')).toMatchObject({
      targetType: 'person',
      targetId: null,
      subjectName: null,
    });
  });

  it('names an API key by its name, and the system by none', async () => {
    const created = await inject('POST', '/api/admin/api-keys', {
      name: 'Nightly exporter',
      permissions: ['contacts:export'],
    });
    expect(created.statusCode).toBe(201);
    const { formattedKey } = created.json<{ formattedKey: string }>();
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/contacts/export',
      headers: { authorization: `Bearer ${formattedKey}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(await newest('export.csv')).toMatchObject({
      actor: { kind: 'api_key' },
      actorName: 'Nightly exporter',
      subjectName: null,
    });
    expect(await newest('api_key.create')).toMatchObject({
      actorName: 'Ada King',
      subjectName: 'Nightly exporter',
    });
    await db()
      .insertInto('auditLog')
      .values({
        actorUserId: null,
        actorLabel: 'invitation expiry',
        actorKind: 'system',
        actorId: null,
        action: 'participant.invitation_expired',
        targetType: 'beta_participant',
        targetId: '00000000-0000-4000-8000-000000000000',
        details: '{}',
        ip: null,
      })
      .execute();
    expect(await newest('participant.invitation_expired')).toMatchObject({
      actor: { kind: 'system' },
      actorName: null,
      subjectName: null,
    });
  });

  it('names contacts, staff accounts, roles, invite codes and email templates', async () => {
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Katherine Johnson',
        email: 'katherine-names@example.com',
        subject: 'Orbits',
        message: 'Who checks the numbers?',
      },
    });
    const contactId = contact.json<{ id: string }>().id;
    expect(
      (await inject('PATCH', `/api/admin/contacts/${contactId}`, { status: 'read' })).statusCode,
    ).toBe(200);
    expect(await newest('contact.status')).toMatchObject({ subjectName: 'Katherine Johnson' });

    const colleague = await insertStaffUser(ctx, { username: 'mary-names', name: 'Mary Jackson' });
    expect((await inject('POST', `/api/admin/accounts/${colleague}/disable`)).statusCode).toBe(200);
    expect(await newest('account.disable')).toMatchObject({ subjectName: 'Mary Jackson' });

    const role = await inject('POST', '/api/admin/roles', {
      name: 'Night shift',
      permissions: ['waitlist:read'],
    });
    expect(role.statusCode).toBe(201);
    expect(await newest('role.create')).toMatchObject({ subjectName: 'Night shift' });

    const code = await inject('POST', '/api/admin/invite-codes', { code: 'NAMES2026' });
    expect(code.statusCode).toBe(201);
    expect(await newest('invite_code.create')).toMatchObject({ subjectName: 'NAMES2026' });

    const bulk = await inject('POST', '/api/admin/email/bulk-send', {
      templateId: 'announcement',
      recipientIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(bulk.statusCode).toBe(202);
    expect(await newest('email.bulk')).toMatchObject({ subjectName: 'General announcement' });
  });
});
