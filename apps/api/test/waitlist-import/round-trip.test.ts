import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInAdmin, type AdminSession } from '../helpers/admin';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { useAdminContext } from '../helpers/use-context';
import { importFile } from './import-helpers';

/** Issue 34: an export imports back into an empty instance unchanged. */
const { ctx, admin } = useAdminContext();
const fresh = {} as { ctx: TestContext; admin: AdminSession };
beforeAll(async () => {
  fresh.ctx = await createTestContext();
  fresh.admin = await signInAdmin(fresh.ctx);
});
afterAll(() => fresh.ctx.close());

/** Columns that name rows of one instance (its ids), not the people: they differ by nature. */
const INSTANCE_COLUMNS = ['ID', 'Beta participant ID', 'Referred by ID'];

async function exportOf(context: TestContext, session: AdminSession): Promise<string> {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/admin/waitlist/export',
    headers: session.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

function comparable(csv: string): Record<string, string>[] {
  const records = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
  return records.map((record) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => !INSTANCE_COLUMNS.includes(key))),
  );
}

it('exports, imports into a fresh instance and exports again, the same', async () => {
  const db = ctx.database.db;
  const people = [
    {
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Engines',
      userType: 'Freelancer' as const,
    },
    {
      email: 'alan@example.com',
      firstName: 'Alan',
      lastName: 'Turing',
      companyName: 'Bletchley',
      userType: null,
    },
    {
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      companyName: '=Navy',
      userType: 'Agency' as const,
    },
    {
      email: 'edsger@example.com',
      firstName: 'Edsger',
      lastName: 'Dijkstra',
      companyName: 'Eindhoven',
      userType: null,
    },
  ];
  const inserted = await db
    .insertInto('waitlistEntries')
    .values(
      people.map((person, index) => ({
        ...person,
        primaryUse: 'Blog Writing',
        contentWorkflow: index === 0 ? 'Drafts, then "reviews", then posts' : null,
        createdAt: new Date(Date.UTC(2025, 0, 1 + index, 9, 30, 15, 250)),
        utmSource: index % 2 === 0 ? 'newsletter' : null,
        utmMedium: index % 2 === 0 ? 'email' : null,
        utmCampaign: index === 0 ? 'spring, launch' : null,
      })),
    )
    .returning(['id', 'email'])
    .execute();
  const id = (email: string) => inserted.find((row) => row.email === email)!.id;
  // Ada, Alan and Grace confirmed; Alan and Grace came through Ada's link (credited); Edsger did not confirm.
  for (const [email, day] of [
    ['ada@example.com', 2],
    ['alan@example.com', 3],
    ['grace@example.com', 4],
  ] as const) {
    await db
      .updateTable('waitlistEntries')
      .set({ confirmedAt: new Date(Date.UTC(2025, 0, day, 12)) })
      .where('email', '=', email)
      .execute();
  }
  await db
    .updateTable('waitlistEntries')
    .set({ referredById: id('ada@example.com'), referralCredited: true })
    .where('email', 'in', ['alan@example.com', 'grace@example.com'])
    .execute();
  await db
    .updateTable('waitlistEntries')
    .set({ referralCount: 2 })
    .where('email', '=', 'ada@example.com')
    .execute();

  const first = await exportOf(ctx, admin);
  const { run } = await importFile(fresh.ctx, fresh.admin, first, { confirmAll: false });
  expect(run).toMatchObject({ imported: 4, problems: {} });
  const again = await exportOf(fresh.ctx, fresh.admin);
  expect(comparable(again)).toEqual(comparable(first));
  expect(comparable(first)).toHaveLength(4);
});
