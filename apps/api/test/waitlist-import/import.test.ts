import type {
  WaitlistImportDryRun,
  WaitlistImportRunList,
  WaitlistImportUpload,
} from '@repo/validation';
import {
  IMPORT_MAX_BYTES,
  missingPermissionMessage,
  WAITLIST_IMPORT_MESSAGES,
} from '@repo/validation';
import { sql } from 'kysely';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { processImport } from '../../src/waitlist-import/import-processor';
import { placeInQueue } from '../../src/waitlist/queue';
import { insertStaffUser, seedWaitlist, sessionFor } from '../helpers/admin';
import { useAdminContext } from '../helpers/use-context';
import { csvOf, dryRun, importFile, readImport, upload } from './import-helpers';

/** Issue 34: a waitlist imported from a CSV file, on a real PostgreSQL. */
const { ctx, admin } = useAdminContext();
const db = () => ctx.database.db;

beforeEach(async () => {
  await db().deleteFrom('waitlistEntries').execute();
  await db().deleteFrom('waitlistImportRuns').execute();
  await db().deleteFrom('emailOutbox').execute();
  await db().deleteFrom('auditLog').execute();
});

const HEADER = ['Email', 'First name', 'Last name', 'Company', 'Signed up at', 'UTM source'];

async function uploaded(csv: string): Promise<WaitlistImportUpload> {
  const response = await upload(ctx, admin, csv);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WaitlistImportUpload>();
}

describe('the upload', () => {
  it('answers the header, the first rows and the mapping guessed from the header names', async () => {
    const file = await uploaded(
      csvOf([
        ['E-mail', 'Full name', 'Organisation', 'Created', 'utm_campaign', 'Notes'],
        ['ada@example.com', 'Ada Lovelace', 'Engines', '2025-01-02', 'launch', 'x'],
        ['alan@example.com', 'Alan Turing', 'Bletchley', '2025-01-03', '', ''],
      ]),
    );
    expect(file.header).toEqual([
      'E-mail',
      'Full name',
      'Organisation',
      'Created',
      'utm_campaign',
      'Notes',
    ]);
    expect(file.sampleRows).toHaveLength(2);
    expect(file.suggestedMapping).toEqual({
      email: 0,
      name: 1,
      company: 2,
      signedUpAt: 3,
      utmCampaign: 4,
    });
  });

  it('refuses a file that is not CSV text', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe]);
    const response = await upload(ctx, admin, png);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(WAITLIST_IMPORT_MESSAGES.notCsv);
    expect(await db().selectFrom('waitlistImportRuns').select('id').execute()).toEqual([]);
  });

  it('refuses an unclosed quote, naming the line', async () => {
    const response = await upload(ctx, admin, 'Email,Name\r\n"ada@example.com,Ada\r\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(WAITLIST_IMPORT_MESSAGES.notCsv);
  });

  it('refuses a body that is not text/csv with 415', async () => {
    const response = await upload(ctx, admin, '{"email":"a@b.c"}', 'application/json');
    expect(response.statusCode).toBe(415);
  });

  it('refuses an empty file', async () => {
    const response = await upload(ctx, admin, '');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(WAITLIST_IMPORT_MESSAGES.empty);
  });

  it('refuses a file over the size limit with 413, keeping nothing of it', async () => {
    const line = Buffer.from(`${'x'.repeat(1023)}\n`);
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent > IMPORT_MAX_BYTES) return this.push(null);
        sent += line.length * 1024;
        this.push(Buffer.concat(Array.from({ length: 1024 }, () => line)));
      },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/waitlist/imports',
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: body,
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(WAITLIST_IMPORT_MESSAGES.tooLarge);
    expect(await db().selectFrom('waitlistImportChunks').select('runId').execute()).toEqual([]);
  });
});

describe('the dry run', () => {
  it('requires a column for the email address', async () => {
    const file = await uploaded(
      csvOf([HEADER, ['ada@example.com', 'Ada', 'Lovelace', 'Engines', '', '']]),
    );
    const response = await dryRun(ctx, admin, file.id, { firstName: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(WAITLIST_IMPORT_MESSAGES.emailRequired);
  });

  it('refuses a column the file does not have', async () => {
    const file = await uploaded(
      csvOf([HEADER, ['ada@example.com', 'Ada', 'Lovelace', 'Engines', '', '']]),
    );
    const response = await dryRun(ctx, admin, file.id, { email: 0, company: 9 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(WAITLIST_IMPORT_MESSAGES.badColumn);
  });

  it('reports each row problem with its counts, and imports nothing', async () => {
    await seedWaitlist(ctx, 1, () => ({ email: 'Listed@Example.com' }));
    const file = await uploaded(
      csvOf([
        HEADER,
        ['ada@example.com', 'Ada', 'Lovelace', 'Engines', '2025-01-02', 'news'],
        ['not-an-address', 'No', 'Body', '', '', ''],
        ['throwaway@mailinator.com', 'Throw', 'Away', '', '', ''],
        ['ADA@example.com', 'Ada', 'Again', '', '', ''],
        ['listed@example.com', 'Listed', 'Person', '', '', ''],
        ['late@example.com', 'Late', 'Date', '', '31/12/2025', ''],
        ['future@example.com', 'Future', 'Date', '', '2999-01-01', ''],
        ['long@example.com', 'x'.repeat(101), 'Long', '', '', ''],
        ['alan@example.com', 'Alan', 'Turing', 'Bletchley', '2025-01-03T10:00:00+01:00', ''],
      ]),
    );
    const response = await dryRun(ctx, admin, file.id, file.suggestedMapping);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<WaitlistImportDryRun>();
    expect(report.rows).toBe(9);
    expect(report.importable).toBe(2);
    expect(report.problems).toEqual({
      invalid_email: 1,
      disposable_email: 1,
      duplicate_in_file: 1,
      already_listed: 1,
      invalid_date: 2,
      invalid_value: 1,
    });
    expect(report.problemRows).toEqual([
      { row: 3, email: 'not-an-address', problem: 'invalid_email' },
      { row: 4, email: 'throwaway@mailinator.com', problem: 'disposable_email' },
      { row: 5, email: 'ADA@example.com', problem: 'duplicate_in_file' },
      { row: 6, email: 'listed@example.com', problem: 'already_listed' },
      { row: 7, email: 'late@example.com', problem: 'invalid_date' },
      { row: 8, email: 'future@example.com', problem: 'invalid_date' },
      { row: 9, email: 'long@example.com', problem: 'invalid_value' },
    ]);
    expect(await db().selectFrom('waitlistEntries').select('id').execute()).toHaveLength(1);
  });

  it('is needed before the import starts', async () => {
    const file = await uploaded(
      csvOf([HEADER, ['ada@example.com', 'Ada', 'Lovelace', 'Engines', '', '']]),
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/imports/${file.id}/start`,
      headers: admin.headers,
      payload: { confirmAll: true },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(WAITLIST_IMPORT_MESSAGES.noDryRun);
  });
});

describe('the import', () => {
  it('imports the good rows with their fields and dates, audited once, its file deleted', async () => {
    const csv = csvOf([
      [...HEADER, 'Referral code', 'UTM medium', 'UTM campaign', 'Primary use'],
      [
        'ada@example.com',
        'Ada',
        'Lovelace',
        'Engines',
        '2025-01-02T09:30:00Z',
        'news',
        'ADA0000001',
        'mail',
        'spring',
        'Blog Writing',
      ],
      ['bad', '', '', '', '', '', '', '', '', ''],
      ['alan@example.com', 'Alan', 'Turing', 'Bletchley', '2025-01-03', '', '', '', '', ''],
    ]);
    const { run } = await importFile(ctx, admin, csv);
    expect(run).toMatchObject({
      imported: 2,
      processedRows: 3,
      totalRows: 3,
      problems: { invalid_email: 1 },
    });
    const entries = await db()
      .selectFrom('waitlistEntries')
      .selectAll()
      .orderBy('createdAt')
      .execute();
    expect(entries.map((e) => e.email)).toEqual(['ada@example.com', 'alan@example.com']);
    expect(entries[0]).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Engines',
      primaryUse: 'Blog Writing',
      utmSource: 'news',
      utmMedium: 'mail',
      utmCampaign: 'spring',
      referralCode: 'ADA0000001',
      importRunId: run.id,
    });
    expect(entries[0]!.createdAt.toISOString()).toBe('2025-01-02T09:30:00.000Z');
    expect(entries[0]!.confirmedAt?.toISOString()).toBe('2025-01-02T09:30:00.000Z');
    expect(entries[1]!.createdAt.toISOString()).toBe('2025-01-03T00:00:00.000Z');
    const audit = await db().selectFrom('auditLog').selectAll().execute();
    expect(audit.map((a) => a.action)).toEqual(['waitlist.import']);
    expect(audit[0]).toMatchObject({ targetId: run.id });
    expect(await db().selectFrom('waitlistImportChunks').select('runId').execute()).toEqual([]);
    // The counters kept by triggers hold the imported entries.
    const { rows } = await sql<{
      n: number;
    }>`select sum(entries)::int as n from waitlist_stats`.execute(db());
    expect(rows[0]!.n).toBe(2);
  });

  it('leaves unconfirmed rows unconfirmed, each sent the confirmation mail, spread over minutes', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => [
      `p${i}@example.com`,
      `P${i}`,
      'Person',
      'Co',
      '',
      '',
    ]);
    const { run } = await importFile(ctx, admin, csvOf([HEADER, ...rows]), { confirmAll: false });
    expect(run).toMatchObject({ imported: 150, mailsQueued: 150 });
    const confirmed = await db()
      .selectFrom('waitlistEntries')
      .select('id')
      .where('confirmedAt', 'is not', null)
      .execute();
    expect(confirmed).toEqual([]);
    const mails = await db()
      .selectFrom('emailOutbox')
      .select(['toEmail', 'nextAttemptAt', 'templateId'])
      .orderBy('nextAttemptAt')
      .execute();
    expect(mails).toHaveLength(150);
    expect(new Set(mails.map((m) => m.templateId))).toEqual(new Set(['waitlist-welcome']));
    // 100 a minute: the last 50 a minute after the first 100.
    const first = mails[0]!.nextAttemptAt.getTime();
    expect(mails[99]!.nextAttemptAt.getTime()).toBe(first);
    expect(mails[100]!.nextAttemptAt.getTime()).toBe(first + 60_000);
  });

  it('imports nothing new from the same file a second time', async () => {
    const csv = csvOf([
      HEADER,
      ['ada@example.com', 'Ada', 'Lovelace', 'Engines', '2025-01-02', ''],
      ['alan@example.com', 'Alan', 'Turing', 'Bletchley', '', ''],
    ]);
    await importFile(ctx, admin, csv);
    const { run, dry } = await importFile(ctx, admin, csv);
    expect(dry).toMatchObject({ importable: 0, problems: { already_listed: 2 } });
    expect(run).toMatchObject({ imported: 0, problems: { already_listed: 2 } });
    expect(await db().selectFrom('waitlistEntries').select('id').execute()).toHaveLength(2);
  });

  it('places confirmed entries in the queue by their signup date, among those already there', async () => {
    // Already in line: A (confirmed 2025-01-01) then B (2025-03-01).
    await seedWaitlist(ctx, 2, (i) => ({
      email: ['a@example.com', 'b@example.com'][i]!,
      createdAt: new Date(['2025-01-01', '2025-03-01'][i]!),
    }));
    for (const [email, at] of [
      ['a@example.com', '2025-01-01'],
      ['b@example.com', '2025-03-01'],
    ] as const) {
      await db()
        .updateTable('waitlistEntries')
        .set({ confirmedAt: new Date(at) })
        .where('email', '=', email)
        .execute();
    }
    const csv = csvOf([
      HEADER,
      ['z@example.com', 'Zed', 'Zulu', 'Zeta', '2025-04-01', ''],
      ['x@example.com', 'Xia', 'Xu', 'Xco', '2024-12-01', ''],
      ['y@example.com', 'Yan', 'Yu', 'Yco', '2025-02-01', ''],
    ]);
    await importFile(ctx, admin, csv);
    const line = await db()
      .selectFrom('waitlistEntries')
      .select(['id', 'email'])
      .where('queueKey', 'is not', null)
      .orderBy(sql`queue_key`)
      .execute();
    expect(line.map((e) => e.email[0])).toEqual(['x', 'a', 'y', 'b', 'z']);
    // The positions the status page shows (bucket counts kept by the triggers) agree.
    for (const [index, entry] of line.entries()) {
      expect((await placeInQueue(db(), entry.id))?.position, entry.email).toBe(index + 1);
    }
    // A signup after the import still joins the end of the line.
    await db()
      .updateTable('waitlistEntries')
      .set({ confirmedAt: new Date() })
      .where('email', '=', 'z@example.com')
      .execute();
    const [late] = await seedWaitlist(ctx, 1, () => ({ email: 'late@example.com' }));
    await db()
      .updateTable('waitlistEntries')
      .set({ confirmedAt: new Date() })
      .where('id', '=', late!)
      .execute();
    expect((await placeInQueue(db(), late!))?.position).toBe(6);
  });

  it('credits referrals made inside the file, by referral code', async () => {
    const csv = csvOf([
      ['Email', 'Referral code', 'Referred by code', 'Signed up at'],
      ['ref@example.com', 'REFERRER01', '', '2025-01-01'],
      ['one@example.com', '', 'REFERRER01', '2025-01-02'],
      ['two@example.com', '', 'referrer01', '2025-01-03'],
    ]);
    await importFile(ctx, admin, csv);
    const entries = await db()
      .selectFrom('waitlistEntries')
      .select(['email', 'referralCount', 'referralCredited', 'referredById', 'id'])
      .orderBy('createdAt')
      .execute();
    const [referrer, one, two] = entries;
    expect(referrer).toMatchObject({ referralCount: 2 });
    expect(one).toMatchObject({ referredById: referrer!.id, referralCredited: true });
    expect(two).toMatchObject({ referredById: referrer!.id, referralCredited: true });
  });

  it('resumes an import whose API stopped, inserting no row twice', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => [
      `r${i}@example.com`,
      'Rita',
      'Row',
      'Rows Inc',
      '',
      '',
    ]);
    const file = await uploaded(csvOf([HEADER, ...rows]));
    expect((await dryRun(ctx, admin, file.id, file.suggestedMapping)).statusCode).toBe(200);
    await db()
      .updateTable('waitlistImportRuns')
      .set({ state: 'importing', confirmAll: true })
      .where('id', '=', file.id)
      .execute();
    // Stops after its first batch, as a closing API does.
    let batches = 0;
    const services = { db: db(), mailer: ctx.app.mailer, config: ctx.config, log: ctx.app.log };
    expect(await processImport(services, file.id, () => batches++ > 0)).toBe('stopped');
    expect((await readImport(ctx, admin, file.id)).processedRows).toBe(2_000);
    await ctx.app.waitlistImports.resume();
    const run = await readImport(ctx, admin, file.id);
    expect(run).toMatchObject({ state: 'finished', imported: 5_000, processedRows: 5_000 });
    expect(await db().selectFrom('waitlistEntries').select('id').execute()).toHaveLength(5_000);
  });
});

describe('the undo', () => {
  it('deletes exactly the entries of the import, with their mail, audited', async () => {
    await seedWaitlist(ctx, 1, () => ({ email: 'kept@example.com' }));
    // An earlier import's people stay too.
    await importFile(
      ctx,
      admin,
      csvOf([HEADER, ['earlier@example.com', 'Eve', 'Earlier', 'Before', '', '']]),
    );
    const { run } = await importFile(
      ctx,
      admin,
      csvOf([
        HEADER,
        ['ada@example.com', 'Ada', 'Lovelace', 'Engines', '', ''],
        ['alan@example.com', 'Alan', 'Turing', 'Bletchley', '', ''],
      ]),
      { confirmAll: false },
    );
    expect(run.undoableUntil).not.toBeNull();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/imports/${run.id}/undo`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 'undone', undoableUntil: null });
    const left = await db().selectFrom('waitlistEntries').select('email').execute();
    expect(left.map((e) => e.email).sort()).toEqual(['earlier@example.com', 'kept@example.com']);
    expect(await db().selectFrom('emailOutbox').select('id').execute()).toEqual([]);
    const audit = await db()
      .selectFrom('auditLog')
      .select(['action', 'details'])
      .orderBy('createdAt')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'waitlist.import',
      'waitlist.import',
      'waitlist.import_undo',
    ]);
    expect(audit[2]!.details).toMatchObject({ deleted: 2 });
    // Once only.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/imports/${run.id}/undo`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it('is refused 24 hours after the import finished', async () => {
    const { run } = await importFile(
      ctx,
      admin,
      csvOf([HEADER, ['ada@example.com', 'Ada', 'Lovelace', 'Engines', '', '']]),
    );
    await db()
      .updateTable('waitlistImportRuns')
      .set({ finishedAt: sql<Date>`now() - interval '24 hours 1 minute'` })
      .where('id', '=', run.id)
      .execute();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/imports/${run.id}/undo`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(WAITLIST_IMPORT_MESSAGES.undoExpired);
    expect(await db().selectFrom('waitlistEntries').select('id').execute()).toHaveLength(1);
  });
});

describe('the list of recent imports', () => {
  const list = async (headers = admin.headers) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist/imports',
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WaitlistImportRunList>();
  };

  it('lists the started imports newest first, with who started them and the undo window', async () => {
    const { run: first } = await importFile(
      ctx,
      admin,
      csvOf([HEADER, ['ada@example.com', 'Ada', 'Lovelace', 'Engines', '', '']]),
    );
    const { run: second } = await importFile(
      ctx,
      admin,
      csvOf([HEADER, ['alan@example.com', 'Alan', 'Turing', 'Bletchley', '', '']]),
    );
    // An upload never started is not an import yet.
    await uploaded(csvOf([HEADER, ['grace@example.com', 'Grace', 'Hopper', 'Navy', '', '']]));
    // One finished more than 24 hours ago: listed, no longer undoable.
    await db()
      .updateTable('waitlistImportRuns')
      .set({
        startedAt: sql<Date>`now() - interval '25 hours'`,
        finishedAt: sql<Date>`now() - interval '24 hours 1 minute'`,
      })
      .where('id', '=', first.id)
      .execute();
    const { username } = await db()
      .selectFrom('users')
      .select('username')
      .where('id', '=', admin.userId)
      .executeTakeFirstOrThrow();
    const { items } = await list();
    expect(items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(items[0]).toMatchObject({
      fileName: 'people.csv',
      state: 'finished',
      imported: 1,
      startedBy: username,
    });
    expect(items[0]!.undoableUntil).not.toBeNull();
    expect(items[1]!.undoableUntil).toBeNull();
    // Undone: listed as undone, not undoable.
    const undo = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/imports/${second.id}/undo`,
      headers: admin.headers,
    });
    expect(undo.statusCode).toBe(200);
    expect((await list()).items[0]).toMatchObject({ state: 'undone', undoableUntil: null });
  });

  it('leaves out imports started more than 30 days ago', async () => {
    const { run } = await importFile(
      ctx,
      admin,
      csvOf([HEADER, ['ada@example.com', 'Ada', 'Lovelace', 'Engines', '', '']]),
    );
    await db()
      .updateTable('waitlistImportRuns')
      .set({
        startedAt: sql<Date>`now() - interval '31 days'`,
        finishedAt: sql<Date>`now() - interval '31 days'`,
      })
      .where('id', '=', run.id)
      .execute();
    expect((await list()).items).toEqual([]);
  });

  it('is refused to staff without waitlist:write', async () => {
    await importFile(
      ctx,
      admin,
      csvOf([HEADER, ['ada@example.com', 'Ada', 'Lovelace', 'Engines', '', '']]),
    );
    const support = await sessionFor(
      ctx,
      await insertStaffUser(ctx, { username: `support-list-${Date.now()}`, role: 'support' }),
    );
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist/imports',
      headers: support.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(missingPermissionMessage('waitlist:write'));
  });
});

describe('erasure', () => {
  it('deletes an upload not yet imported whose file names the address, with its file', async () => {
    const kept = await uploaded(
      csvOf([HEADER, ['other@example.com', 'Ann', 'Other', 'Co', '', '']]),
    );
    const rows = Array.from({ length: 30_000 }, (_, i) => [
      `filler-${i}@example.com`,
      'Fill',
      'Er',
      'Co',
      '',
      '',
    ]);
    const naming = await uploaded(
      csvOf([HEADER, ...rows, ['Erase.Me@Example.com', 'Éva', 'Ŝmith', 'Co', '', '']]),
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/erasure',
      headers: admin.headers,
      payload: { email: 'erase.me@example.com' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const left = await db().selectFrom('waitlistImportRuns').select('id').execute();
    expect(left.map((run) => run.id)).toEqual([kept.id]);
    const chunks = await db()
      .selectFrom('waitlistImportChunks')
      .select('runId')
      .where('runId', '=', naming.id)
      .execute();
    expect(chunks).toEqual([]);
  });
});

describe('permissions', () => {
  it('refuses staff without waitlist:write at every step', async () => {
    const id = await insertStaffUser(ctx, { username: `support-${Date.now()}`, role: 'support' });
    const support = await sessionFor(ctx, id);
    const response = await upload(ctx, support, csvOf([HEADER]));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(missingPermissionMessage('waitlist:write'));
    const file = await uploaded(
      csvOf([HEADER, ['ada@example.com', 'Ada', 'Lovelace', 'Engines', '', '']]),
    );
    expect((await dryRun(ctx, support, file.id, { email: 0 })).statusCode).toBe(403);
    for (const [method, path] of [
      ['POST', 'start'],
      ['POST', 'undo'],
      ['GET', 'status'],
    ] as const) {
      const denied = await ctx.app.inject({
        method,
        url: `/api/admin/waitlist/imports/${file.id}${path ? `/${path}` : ''}`,
        headers: support.headers,
        ...(method === 'POST' ? { payload: { confirmAll: true } } : {}),
      });
      expect(denied.statusCode, path).toBe(403);
    }
  });
});
