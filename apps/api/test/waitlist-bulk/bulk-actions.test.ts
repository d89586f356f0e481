import type { WaitlistBulkRun, WaitlistBulkRunList } from '@repo/validation';
import { sql } from 'kysely';
import { BETA_CAP, missingPermissionMessage } from '@repo/validation';
import { beforeEach, describe, expect, it } from 'vitest';
import { processBulkRun } from '../../src/waitlist-bulk/bulk-run-processor';
import { createBulkRun } from '../../src/waitlist-bulk/bulk-runs-repository';
import { insertStaffUser, seedWaitlist, sessionFor } from '../helpers/admin';
import { confirmEntries, insertParticipants, seatsHeld, useSeatContext } from '../helpers/seats';

/** Issue 32: bulk actions on the waitlist, on a real PostgreSQL. */
const { ctx, admin, approve } = useSeatContext();
const db = () => ctx.database.db;
beforeEach(async () => {
  await db().deleteFrom('waitlistBulkRuns').execute();
  await db().deleteFrom('auditLog').execute();
});

type Selection = { ids: string[] } | { filter: { search?: string; state?: string } };

function startRun(
  action: string,
  selection: Selection,
  headers: Record<string, string> = admin.headers,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/waitlist/bulk/${action}`,
    headers,
    payload: { selection },
  });
}

async function readRun(id: string): Promise<WaitlistBulkRun> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/waitlist/bulk/runs/${id}`,
    headers: admin.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<WaitlistBulkRun>();
}

/** Starts a run and waits for its end (the API processes it in the background). */
async function runToEnd(action: string, selection: Selection): Promise<WaitlistBulkRun> {
  const response = await startRun(action, selection);
  expect(response.statusCode, response.body).toBe(202);
  await ctx.app.waitlistBulkRuns.settled();
  const run = await readRun(response.json<WaitlistBulkRun>().id);
  expect(run.state).toBe('finished');
  return run;
}

/** Confirmed entries, oldest first: their queue order is their signup order. */
async function confirmedEntries(count: number, tag = 'bulk'): Promise<string[]> {
  const ids = await seedWaitlist(ctx, count, (index) => ({
    email: `${tag}-${index}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    lastName: tag,
  }));
  await confirmEntries(ctx, ids);
  return ids;
}

const participantsOf = async (ids: string[]) =>
  (
    await db()
      .selectFrom('betaParticipants')
      .select('waitlistEntryId')
      .where('waitlistEntryId', 'in', ids)
      .execute()
  ).map((row) => row.waitlistEntryId);

const invitationMails = async () =>
  db()
    .selectFrom('emailOutbox')
    .select('toEmail')
    .where('templateId', '=', 'beta-invitation')
    .execute();

const auditOf = (action: string) =>
  db().selectFrom('auditLog').selectAll().where('action', '=', action).execute();

describe('bulk approval', () => {
  it('invites in queue order up to the free seats, and reports the rest person by person', async () => {
    await insertParticipants(ctx, BETA_CAP - 3, 'active');
    const queue = await confirmedEntries(5);
    const [unconfirmed] = await seedWaitlist(ctx, 1);
    // Sent in reverse: the run still takes them in queue order.
    const run = await runToEnd('approve', { ids: [unconfirmed!, ...[...queue].reverse()] });
    expect(run).toMatchObject({ action: 'approve', total: 6, done: 3, skipped: 3, failed: 0 });
    expect(run.reasons).toEqual({ no_free_seat: 2, not_confirmed: 1 });
    expect(new Set(await participantsOf(queue))).toEqual(new Set(queue.slice(0, 3)));
    expect(run.passedOver.map((person) => [person.id, person.reason])).toEqual([
      [queue[3], 'no_free_seat'],
      [queue[4], 'no_free_seat'],
      [unconfirmed, 'not_confirmed'],
    ]);
    expect(run.passedOver[0]!.email).toMatch(/@example\.com$/);
    expect(await seatsHeld(ctx)).toBe(BETA_CAP);
    // Each invitation its own mail, through the outbox, once.
    expect(await invitationMails()).toHaveLength(3);
  });

  it('records the single approval’s audit entry per person, plus one for the run', async () => {
    const queue = await confirmedEntries(2);
    const run = await runToEnd('approve', { ids: queue });
    const approvals = await auditOf('waitlist.approve');
    expect(approvals.map((entry) => entry.targetId).sort()).toEqual([...queue].sort());
    for (const entry of approvals) {
      expect(entry.actorUserId).toBe(admin.userId);
      expect(entry.details).toMatchObject({ bulkRunId: run.id });
    }
    const runEntries = (await auditOf('waitlist.bulk')).filter(
      (entry) => entry.targetId === run.id,
    );
    expect(runEntries).toHaveLength(1);
    expect(runEntries[0]!.details).toEqual({
      bulkAction: 'approve',
      total: 2,
      done: 2,
      skipped: 0,
      failed: 0,
    });
  });

  it('takes “all matching this filter”: the confirmed entries matching the search, none else', async () => {
    const wanted = await confirmedEntries(3, 'zephyr');
    await confirmedEntries(2, 'other');
    const [unconfirmedZephyr] = await seedWaitlist(ctx, 1, () => ({
      email: 'zephyr-unconfirmed@example.com',
      lastName: 'zephyr',
    }));
    const run = await runToEnd('approve', { filter: { search: 'ZEPHYR', state: 'confirmed' } });
    expect(run).toMatchObject({ total: 3, done: 3, skipped: 0 });
    expect(new Set(await participantsOf([...wanted, unconfirmedZephyr!]))).toEqual(new Set(wanted));
  });

  it('is safe to retry: the same Idempotency-Key answers the same run, and a second run invites nobody twice', async () => {
    const queue = await confirmedEntries(3);
    const headers = { ...admin.headers, 'idempotency-key': 'bulk-approve-retry-1' };
    const first = await startRun('approve', { ids: queue }, headers);
    const again = await startRun('approve', { ids: queue }, headers);
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    await ctx.app.waitlistBulkRuns.settled();
    expect(await db().selectFrom('waitlistBulkRuns').select('id').execute()).toHaveLength(1);

    // A deliberate second run over the same people: all already participants.
    const repeat = await runToEnd('approve', { ids: queue });
    expect(repeat).toMatchObject({ done: 0, skipped: 3, reasons: { already_participant: 3 } });
    expect(await invitationMails()).toHaveLength(3);
    expect(await auditOf('waitlist.approve')).toHaveLength(3);

    // The same key with another body is refused, and starts nothing.
    const reused = await startRun('approve', { ids: queue.slice(0, 1) }, headers);
    expect(reused.statusCode).toBe(422);
    expect(await db().selectFrom('waitlistBulkRuns').select('id').execute()).toHaveLength(2);
  });
});

describe('the cap under concurrency', () => {
  it('two bulk approvals at once take exactly the free seats, nobody twice', async () => {
    await insertParticipants(ctx, BETA_CAP - 7, 'active');
    const queue = await confirmedEntries(20);
    // Overlapping selections, sent at once, processed at once.
    const [a, b] = await Promise.all([
      startRun('approve', { ids: queue.slice(0, 15) }),
      startRun('approve', { filter: { state: 'confirmed' } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    await ctx.app.waitlistBulkRuns.settled();
    const [first, second] = await Promise.all([readRun(a.json().id), readRun(b.json().id)]);
    expect(first.done + second.done).toBe(7);
    expect(await seatsHeld(ctx)).toBe(BETA_CAP);
    const invited = await participantsOf(queue);
    expect(invited).toHaveLength(7);
    expect(new Set(invited).size).toBe(7);
    const mails = (await invitationMails()).map((mail) => mail.toEmail);
    expect(mails).toHaveLength(7);
    expect(new Set(mails).size).toBe(7);
  });

  it('a bulk approval racing single approvals: exactly the free seats, every invitation mailed once', async () => {
    await insertParticipants(ctx, BETA_CAP - 10, 'active');
    const queue = await confirmedEntries(30);
    const singles = queue.slice(10, 30);
    const [bulk, ...single] = await Promise.all([
      startRun('approve', { ids: queue }),
      ...singles.map((id) => approve(id)),
    ]);
    expect(bulk.statusCode).toBe(202);
    await ctx.app.waitlistBulkRuns.settled();
    const run = await readRun(bulk.json().id);
    const singleTaken = single.filter((response) => response.statusCode === 201).length;
    for (const response of single) expect([201, 409]).toContain(response.statusCode);
    expect(run.done + singleTaken).toBe(10);
    expect(run.done + run.skipped).toBe(30);
    expect(await seatsHeld(ctx)).toBe(BETA_CAP);
    const invited = await participantsOf(queue);
    expect(invited).toHaveLength(10);
    expect(new Set(invited).size).toBe(10);
    const mails = (await invitationMails()).map((mail) => mail.toEmail);
    expect(mails).toHaveLength(10);
    expect(new Set(mails).size).toBe(10);
  });
});

describe('bulk Hang Tight and delete', () => {
  it('sends one update per person on the waitlist, skipping participants', async () => {
    const ids = await confirmedEntries(3);
    expect((await approve(ids[0]!)).statusCode).toBe(201);
    const run = await runToEnd('hang-tight', { ids });
    expect(run).toMatchObject({ done: 2, skipped: 1, reasons: { already_participant: 1 } });
    const updates = await db()
      .selectFrom('emailOutbox')
      .select('toEmail')
      .where('templateId', '=', 'waitlist-update')
      .execute();
    expect(updates).toHaveLength(2);
    const audited = await auditOf('waitlist.email');
    expect(audited.map((entry) => entry.targetId).sort()).toEqual(ids.slice(1).sort());
  });

  it('deletes each entry for good, reports ids it does not know, and audits each', async () => {
    const ids = await confirmedEntries(3);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const run = await runToEnd('delete', { ids: [...ids, unknown] });
    expect(run).toMatchObject({ total: 4, done: 3, skipped: 1, reasons: { not_found: 1 } });
    expect(run.passedOver).toEqual([{ id: unknown, name: '', email: '', reason: 'not_found' }]);
    expect(await db().selectFrom('waitlistEntries').select('id').execute()).toHaveLength(0);
    expect((await auditOf('waitlist.delete')).map((entry) => entry.targetId).sort()).toEqual(
      [...ids].sort(),
    );
  });

  it('deletes all matching a search, and only those', async () => {
    await confirmedEntries(3, 'doomed');
    const kept = await confirmedEntries(2, 'kept');
    const run = await runToEnd('delete', { filter: { search: 'doomed' } });
    expect(run).toMatchObject({ total: 3, done: 3 });
    const left = await db().selectFrom('waitlistEntries').select('id').execute();
    expect(left.map((row) => row.id).sort()).toEqual([...kept].sort());
  });
});

describe('the list of recent runs', () => {
  const list = (headers: Record<string, string> = admin.headers) =>
    ctx.app.inject({ method: 'GET', url: '/api/admin/waitlist/bulk/runs', headers });

  it('lists the runs newest first with their counts, skips by reason and who started them', async () => {
    const ids = await confirmedEntries(2);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const first = await runToEnd('hang-tight', { ids });
    const second = await runToEnd('delete', { ids: [ids[0]!, unknown] });
    const old = await runToEnd('delete', { ids: [unknown] });
    // created_at is not writable through the typed builder: a month ago, by hand.
    await sql`update waitlist_bulk_runs set created_at = now() - interval '31 days' where id = ${old.id}`.execute(
      db(),
    );
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json<WaitlistBulkRunList>();
    expect(items.map((item) => item.id)).toEqual([second.id, first.id]);
    const { username } = await db()
      .selectFrom('users')
      .select('username')
      .where('id', '=', admin.userId)
      .executeTakeFirstOrThrow();
    expect(items[0]).toEqual({
      id: second.id,
      action: 'delete',
      state: 'finished',
      total: 2,
      done: 1,
      skipped: 1,
      failed: 0,
      reasons: { not_found: 1 },
      startedBy: username,
      createdAt: second.createdAt,
      finishedAt: second.finishedAt,
    });
    expect(items[1]).toMatchObject({ action: 'hang-tight', done: 2, reasons: {} });
  });

  it('is refused to a key without waitlist:read', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: admin.headers,
      payload: { name: 'Bulk runs', permissions: ['beta:read'], expiresInDays: 1 },
    });
    expect(created.statusCode).toBe(201);
    const response = await list({ authorization: `Bearer ${created.json().formattedKey}` });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(missingPermissionMessage('waitlist:read'));
  });
});

describe('a run the API left half done', () => {
  it('is taken up where it stopped once its lease lapses, acting on nobody twice', async () => {
    const ids = await confirmedEntries(4);
    const response = await startRun('hang-tight', { ids });
    const runId = response.json<WaitlistBulkRun>().id;
    await ctx.app.waitlistBulkRuns.settled();
    // As if the API had stopped after the first two people, holding the lease.
    await db()
      .updateTable('waitlistBulkRunItems')
      .set({ outcome: null, reason: null })
      .where('runId', '=', runId)
      .where('ordinal', '>', 2)
      .execute();
    await db().deleteFrom('emailOutbox').where('toEmail', 'like', '%').execute();
    await db()
      .updateTable('waitlistBulkRuns')
      .set({
        state: 'running',
        finishedAt: null,
        done: 2,
        leaseUntil: new Date(Date.now() + 60_000),
      })
      .where('id', '=', runId)
      .execute();
    // A held lease: nobody takes the run.
    await ctx.app.waitlistBulkRuns.resume();
    expect((await readRun(runId)).state).toBe('running');
    // The lease lapsed: the next look takes it up, for the two left.
    await db()
      .updateTable('waitlistBulkRuns')
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where('id', '=', runId)
      .execute();
    await ctx.app.waitlistBulkRuns.resume();
    const run = await readRun(runId);
    expect(run).toMatchObject({ state: 'finished', done: 4, skipped: 0 });
    const mails = await db().selectFrom('emailOutbox').select('toEmail').execute();
    expect(mails).toHaveLength(2);
  });
});

describe('two workers on one run', () => {
  it('act on each person once: a worker whose lease lapsed while it still works meets the next one', async () => {
    const ids = await confirmedEntries(30, 'twice');
    const run = await db()
      .transaction()
      .execute((trx) =>
        createBulkRun(trx, {
          action: 'hang-tight',
          selection: { ids },
          actor: { kind: 'system', label: 'test', ip: null },
          createdBy: null,
        }),
      );
    const services = {
      db: db(),
      mailer: ctx.app.mailer,
      config: ctx.app.config,
      log: ctx.app.log,
    };
    const first = processBulkRun(services, run!.id, () => false);
    // As if the first worker's lease had lapsed while it works on (a paused process):
    // a second worker takes the run too, and both go through the same people.
    await db()
      .updateTable('waitlistBulkRuns')
      .set({ leaseUntil: null })
      .where('id', '=', run!.id)
      .execute();
    const second = processBulkRun(services, run!.id, () => false);
    const outcomes = await Promise.all([first, second]);
    expect(outcomes).toContain('finished');
    const mails = await db()
      .selectFrom('emailOutbox')
      .select('toEmail')
      .where('templateId', '=', 'waitlist-update')
      .where('toEmail', 'like', 'twice-%')
      .execute();
    expect(mails).toHaveLength(30);
    expect(new Set(mails.map((mail) => mail.toEmail)).size).toBe(30);
    expect(await readRun(run!.id)).toMatchObject({ state: 'finished', done: 30, skipped: 0 });
  });
});

describe('bad input', () => {
  it('is a 4xx that starts nothing', async () => {
    const [id] = await confirmedEntries(1);
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ selection: {} }, 400],
      [{ selection: { ids: [] } }, 400],
      [{ selection: { ids: ['not-a-uuid'] } }, 400],
      [{ selection: { ids: Array.from({ length: 1001 }, () => id) } }, 400],
      [{ selection: { ids: [id], filter: {} } }, 400],
      [{ selection: { filter: { state: 'nonsense' } } }, 400],
      [{ selection: { filter: { search: 'x'.repeat(10_000) } } }, 400],
      [{ selection: { filter: { search: 'nobody-matches-this' } } }, 422],
    ];
    for (const [payload, status] of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/waitlist/bulk/approve',
        headers: admin.headers,
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
    }
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist/bulk/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const garbled = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist/bulk/not-a-run',
      headers: admin.headers,
    });
    expect(garbled.statusCode).toBe(404);
    expect(await db().selectFrom('waitlistBulkRuns').select('id').execute()).toHaveLength(0);
  });
});

describe('permissions', () => {
  it('refuses each bulk action to a role without its single action’s permission, starting nothing', async () => {
    const ids = await confirmedEntries(2);
    const support = await sessionFor(
      ctx,
      await insertStaffUser(ctx, {
        username: `support-${Math.random().toString(36).slice(2, 8)}`,
        role: 'support',
      }),
    );
    const needs: [string, string][] = [
      ['approve', 'beta:approve'],
      ['hang-tight', 'beta:approve'],
      ['delete', 'waitlist:write'],
      ['export', 'waitlist:export'],
    ];
    for (const [action, permission] of needs) {
      const response = await startRun(action, { ids }, support.headers);
      expect(response.statusCode, action).toBe(403);
      expect(response.json()).toEqual({
        message: missingPermissionMessage(permission as 'beta:approve'),
        type: 'missing_permission',
        permission,
      });
    }
    expect(await db().selectFrom('waitlistBulkRuns').select('id').execute()).toHaveLength(0);
    expect(await db().selectFrom('waitlistEntries').select('id').execute()).toHaveLength(2);
    expect(await db().selectFrom('emailOutbox').select('id').execute()).toHaveLength(0);
  });

  it('refuses a delete to a key that may approve but not delete, and an approval to one that may only delete', async () => {
    const ids = await confirmedEntries(1);
    const keyWith = async (permission: string) => {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/api-keys',
        headers: admin.headers,
        payload: { name: `Bulk ${permission}`, permissions: [permission], expiresInDays: 1 },
      });
      expect(created.statusCode).toBe(201);
      return { authorization: `Bearer ${created.json().formattedKey}` };
    };
    const approver = await keyWith('beta:approve');
    const writer = await keyWith('waitlist:write');
    expect((await startRun('delete', { ids }, approver)).statusCode).toBe(403);
    expect((await startRun('approve', { ids }, writer)).statusCode).toBe(403);
    expect((await startRun('hang-tight', { ids }, writer)).statusCode).toBe(403);
    expect((await startRun('export', { ids }, writer)).statusCode).toBe(403);
    expect(await db().selectFrom('waitlistBulkRuns').select('id').execute()).toHaveLength(0);
    // And each may do its own.
    expect((await startRun('approve', { ids }, approver)).statusCode).toBe(202);
    await ctx.app.waitlistBulkRuns.settled();
  });
});

describe('exporting a selection', () => {
  it('streams the selected entries as CSV and records the export', async () => {
    const ids = await confirmedEntries(3, 'exported');
    await confirmedEntries(2, 'notexported');
    const response = await startRun('export', { ids: ids.slice(0, 2) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('ID,Email');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(ids.slice(0, 2).sort());
    const filtered = await startRun('export', { filter: { search: 'notexported' } });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(3);
    const exports = await auditOf('export.csv');
    expect(exports.map((entry) => entry.details)).toEqual([
      { export: 'waitlist-selection', rows: 2, selection: 'ids' },
      { export: 'waitlist-selection', rows: 2, selection: 'filter' },
    ]);
  });
});
