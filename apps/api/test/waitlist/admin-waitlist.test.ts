import type { Page, WaitlistEntry } from '@repo/validation';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';
import { seedWaitlist } from '../helpers/admin';
import { renderPendingMessages } from '../../src/email-outbox/outbox-repository';
import { validWaitlistSignup } from '../helpers/test-app';

const { ctx, admin } = useAdminContext();
let ids: string[];

beforeAll(async () => {
  // 60 entries, one second apart: entry i is older than entry i+1.
  ids = await seedWaitlist(ctx, 60, (index) => ({
    firstName: ['zoë', 'Adam', 'bella', 'Carl'][index % 4]! + index,
    companyName: index === 7 ? 'Percent 100% Co' : `Company ${index}`,
  }));
});

async function list(query = '') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/waitlist${query}`,
    headers: admin.headers,
  });
  return { status: response.statusCode, body: response.json<Page<WaitlistEntry>>() };
}

describe('GET /api/admin/waitlist', () => {
  it('answers the first page of 25, newest first, with the total', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 60, page: 1, pageSize: 25 });
    expect(body.items).toHaveLength(25);
    expect(body.items[0]!.id).toBe(ids[59]);
    expect(body.items[24]!.id).toBe(ids[35]);
    expect(Object.keys(body.items[0]!).sort()).toEqual(
      [
        'id',
        'firstName',
        'lastName',
        'email',
        'companyName',
        'monthlyContentVolume',
        'biggestChallenge',
        'primaryUse',
        'userType',
        'contentWorkflow',
        'createdAt',
        'participantId',
        // Issue 11: double opt-in, referrals and the queue.
        'confirmedAt',
        'referralCode',
        'referredById',
        'referralCount',
        'position',
        'invitationExpiredAt',
      ].sort(),
    );
    expect(body.items[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(body.items[0]!.participantId).toBeNull();
  });

  it('pages through every entry exactly once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const { body } = await list(`?page=${page}&pageSize=17`);
      seen.push(...body.items.map((item) => item.id));
      expect(body.total).toBe(60);
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    const { body: beyond } = await list('?page=9&pageSize=17');
    expect(beyond.items).toEqual([]);
  });

  it('sorts oldest first on request', async () => {
    const { body } = await list('?sortOrder=asc&pageSize=3');
    expect(body.items.map((item) => item.id)).toEqual(ids.slice(0, 3));
  });

  it('sorts by first name without regard to case, with a stable tie-breaker', async () => {
    const { body } = await list('?sortBy=firstName&sortOrder=asc&pageSize=100');
    const names = body.items.map((item) => item.firstName.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(body.items[0]!.firstName.startsWith('Adam')).toBe(true);
    const { body: desc } = await list('?sortBy=firstName&sortOrder=desc&pageSize=1');
    expect(desc.items[0]!.firstName.startsWith('zoë')).toBe(true);
  });

  it.each(['email', 'lastName', 'companyName'] as const)('sorts by %s', async (field) => {
    const { body } = await list(`?sortBy=${field}&sortOrder=asc&pageSize=100`);
    const values = body.items.map((item) => String(item[field]).toLowerCase());
    expect(values).toEqual([...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('searches email, names and company without regard to case', async () => {
    const byName = await list('?search=ADAM');
    expect(byName.body.total).toBe(15);
    expect(byName.body.items.every((item) => item.firstName.startsWith('Adam'))).toBe(true);
    const byCompany = await list('?search=company%2059');
    expect(byCompany.body.items.map((item) => item.id)).toEqual([ids[59]]);
    const fullName = await list(`?search=${encodeURIComponent('Carl3 Last3')}`);
    expect(fullName.body.items.map((item) => item.id)).toEqual([ids[3]]);
  });

  it('treats % and _ in the search as plain characters', async () => {
    const percent = await list(`?search=${encodeURIComponent('100%')}`);
    expect(percent.body.items.map((item) => item.id)).toEqual([ids[7]]);
    const underscore = await list('?search=_');
    expect(underscore.body.total).toBe(0);
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?pageSize=101', 'pageSize'],
    ['?pageSize=0', 'pageSize'],
    ['?sortBy=password', 'sortBy'],
    ['?sortOrder=sideways', 'sortOrder'],
    [`?search=${'x'.repeat(201)}`, 'search'],
  ])('answers 400 to %s', async (query, field) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/waitlist${query}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });
});

describe('the waitlist total', () => {
  it('stays exact through signups, duplicates and deletions', async () => {
    const countRows = async () => {
      const row = await ctx.database.db
        .selectFrom('waitlistEntries')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    };
    const signup = validWaitlistSignup();
    const statuses = await Promise.all(
      [1, 2, 3].map(
        async () =>
          (await ctx.app.inject({ method: 'POST', url: '/api/waitlist', payload: signup }))
            .statusCode,
      ),
    );
    expect(statuses.sort()).toEqual([201, 409, 409]);
    expect((await list()).body.total).toBe(await countRows());
    await ctx.database.db
      .deleteFrom('waitlistEntries')
      .where('email', '=', signup.email.toLowerCase())
      .execute();
    await ctx.database.db.deleteFrom('waitlistEntries').where('email', '=', signup.email).execute();
    const { body } = await list();
    expect(body.total).toBe(60);
    expect(body.total).toBe(await countRows());
  });

  it('comes with the rows, and on a page past the last one, which has no row to carry it', async () => {
    const first = await list('?page=1&pageSize=25');
    expect(first.body.total).toBe(60);
    // The total travels in the page's query, never out as a field of an entry.
    expect(Object.keys(first.body.items[0]!)).not.toContain('totalEntries');
    const pastTheEnd = await list('?page=9&pageSize=25');
    expect(pastTheEnd.status).toBe(200);
    expect(pastTheEnd.body).toMatchObject({ items: [], total: 60, page: 9 });
  });

  it('stays exact when many signups commit at once, each connection on its own counter row', async () => {
    const before = (await list()).body.total;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const payload = validWaitlistSignup({ email: `burst${index}@example.com` });
        return (await ctx.app.inject({ method: 'POST', url: '/api/waitlist', payload })).statusCode;
      }),
    );
    expect(statuses.every((status) => status === 201)).toBe(true);
    expect((await list()).body.total).toBe(before + 40);
    if (process.env.TEST_DATABASE_URL) {
      // Several pooled connections wrote, so the count is spread over more than one row.
      const slots = await ctx.database.db
        .selectFrom('waitlistStats')
        .select('slot')
        .where('entries', '<>', 0)
        .execute();
      expect(slots.length).toBeGreaterThan(1);
    }
    await ctx.database.db.deleteFrom('waitlistEntries').where('email', 'like', 'burst%').execute();
    expect((await list()).body.total).toBe(before);
  });
});

describe('GET /api/admin/waitlist/export', () => {
  /** The header row, byte for byte: the file's columns and their order. */
  const HEADER =
    'ID,Email,First name,Last name,Company,Primary use,User type,Content workflow,' +
    'Monthly content volume,Biggest challenge,Signed up at,Beta participant ID,Confirmed at,' +
    'Referral code,Referred by ID,Referrals,Referred by code,UTM source,UTM medium,UTM campaign';

  it('streams every entry as an RFC 4180 CSV attachment with formulas made inert', async () => {
    const hostile = await ctx.database.db
      .insertInto('waitlistEntries')
      .values({
        email: '-formula@example.com',
        firstName: '=HYPERLINK("http://evil.example","x")',
        lastName: '+Plus',
        companyName: '@Company, Inc.',
        primaryUse: 'Other',
        contentWorkflow: 'Line one\nline "two", with a comma',
        biggestChallenge: '\rCarriage\nand line',
        monthlyContentVolume: '\tTabbed',
        // Newer than every seeded entry, with microseconds (the file shows milliseconds).
        createdAt: sql<Date>`now() + interval '1 minute'`,
        confirmedAt: sql<Date>`'2026-03-04 05:06:07.089999+00'::timestamptz`,
      })
      .returning(['id', 'createdAt', 'referralCode'])
      .executeTakeFirstOrThrow();
    // A line break alone (no comma, no quote) is quoted too: it used not to be.
    const [lineBreak] = await seedWaitlist(ctx, 1, () => ({
      companyName: 'Two\nlines',
      createdAt: new Date(Date.now() - 3_600_000),
    }));
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist/export',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="waitlist-export.csv"',
    );
    expect(response.headers['content-encoding']).toBeUndefined();

    // A UTF-8 byte-order mark, then the header, each record ended by CRLF.
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith(`${HEADER}\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    // 62 entries and the header: 63 CRLF; the 3 line breaks inside quoted cells stay LF.
    expect(text.split('\r\n')).toHaveLength(64);
    expect(text.split('\n')).toHaveLength(64 + 3);

    // The hostile entry's record, byte for byte: every cell a spreadsheet would run as
    // a formula starts with an apostrophe, quotes are doubled and the cells holding a
    // comma, a quote or a line break are quoted, dates are toISOString() (UTC,
    // milliseconds truncated), a null is an empty cell.
    expect(text).toContain(
      `\r\n${hostile.id},'-formula@example.com,"'=HYPERLINK(""http://evil.example"",""x"")",` +
        `'+Plus,"'@Company, Inc.",Other,,"Line one\nline ""two"", with a comma",'\tTabbed,` +
        `"'\rCarriage\nand line",${hostile.createdAt.toISOString()},,2026-03-04T05:06:07.089Z,` +
        `${hostile.referralCode},,0,,,,\r\n`,
    );
    expect(text).toContain(`\r\n${lineBreak},`);
    expect(text).toContain(',"Two\nlines",Blog Writing,,');

    const records = parse(text, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(62);
    const formula = records.find((record) => record.ID === hostile.id)!;
    expect(formula.Email).toBe(`'-formula@example.com`);
    expect(formula['First name']).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(formula['Last name']).toBe(`'+Plus`);
    expect(formula.Company).toBe(`'@Company, Inc.`);
    expect(formula['Biggest challenge']).toBe(`'\rCarriage\nand line`);
    expect(formula['Monthly content volume']).toBe(`'\tTabbed`);
    expect(formula['Content workflow']).toBe('Line one\nline "two", with a comma');
    expect(formula['Signed up at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Newest first, like the list.
    expect(records[0]!.ID).toBe(hostile.id);
    expect(records.slice(1, 61).map((record) => record.ID)).toEqual([...ids].reverse());
    expect(records[61]!.ID).toBe(lineBreak);
  });

  it('streams a large table completely', async () => {
    await seedWaitlist(ctx, 2500);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist/export',
      headers: admin.headers,
    });
    const records = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(62 + 2500);
    expect(new Set(records.map((record) => record.ID)).size).toBe(records.length);
  });
});

describe('joining the waitlist', () => {
  it('queues the welcome email in the same transaction, and a duplicate queues nothing', async () => {
    const signup = validWaitlistSignup({ firstName: '<b>Eve</b>' });
    const first = await ctx.app.inject({ method: 'POST', url: '/api/waitlist', payload: signup });
    expect(first.statusCode).toBe(201);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/waitlist', payload: signup });
    expect(again.statusCode).toBe(409);
    const mail = await ctx.database.db
      .selectFrom('emailOutbox')
      .selectAll()
      .where('toEmail', '=', signup.email)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      templateId: 'waitlist-welcome',
      stream: 'outbound',
      // No Postmark token in tests: captured, never sent.
      status: 'captured',
    });
    // Rendered later (outside the request): the console's reader renders it on demand.
    expect(mail[0]!.htmlBody).toBeNull();
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/email/outbox/${mail[0]!.id}`,
      headers: admin.headers,
    });
    expect(detail.statusCode).toBe(200);
    const { htmlBody, textBody } = detail.json<{ htmlBody: string; textBody: string }>();
    expect(htmlBody).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(htmlBody).not.toContain('<b>Eve');
    expect(textBody).toContain('<b>Eve</b>');
    const stored = await ctx.database.db
      .selectFrom('emailOutbox')
      .select(['htmlBody', 'templateData'])
      .where('id', '=', mail[0]!.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ htmlBody, templateData: null });
  });

  it('renders captured signup mail in the background', async () => {
    const signup = validWaitlistSignup();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: signup,
    });
    expect(response.statusCode).toBe(201);
    expect(await renderPendingMessages(ctx.database.db)).toBeGreaterThanOrEqual(1);
    const mail = await ctx.database.db
      .selectFrom('emailOutbox')
      .select(['htmlBody', 'textBody', 'templateData'])
      .where('toEmail', '=', signup.email)
      .executeTakeFirstOrThrow();
    expect(mail.htmlBody).toContain('<html');
    expect(mail.textBody).toContain(signup.firstName);
    expect(mail.templateData).toBeNull();
    expect(await renderPendingMessages(ctx.database.db)).toBe(0);
  });
});
