import type { ContactMessage, Page } from '@repo/validation';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';

const { ctx, admin } = useAdminContext();
let ids: string[];

beforeAll(async () => {
  const base = Date.now() - 100_000;
  const rows = await ctx.database.db
    .insertInto('contactMessages')
    .values(
      Array.from({ length: 30 }, (_, index) => ({
        name: `Sender ${index}`,
        email: `sender${index}@example.com`,
        company: index % 2 ? `Company ${index}` : null,
        subject: `Question number ${index}`,
        message:
          index === 0 ? '=cmd|"/C calc"!A0\r\nsecond line, "quoted"' : 'Hello, I have a question.',
        status: index < 5 ? ('read' as const) : ('new' as const),
        createdAt: new Date(base + index * 1000),
      })),
    )
    .returning('id')
    .execute();
  ids = rows.map((row) => row.id);
});

const patch = (id: string, status: unknown) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/contacts/${id}`,
    headers: admin.headers,
    payload: { status },
  });

describe('GET /api/admin/contacts', () => {
  it('pages newest first', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/contacts?pageSize=10&page=2',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<Page<ContactMessage>>();
    expect(body).toMatchObject({ total: 30, page: 2, pageSize: 10 });
    expect(body.items.map((item) => item.id)).toEqual(ids.slice(10, 20).reverse());
    expect(body.items[0]).toEqual({
      id: ids[19],
      name: 'Sender 19',
      email: 'sender19@example.com',
      company: 'Company 19',
      subject: 'Question number 19',
      message: 'Hello, I have a question.',
      status: 'new',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
  });

  it('filters by status and rejects an unknown one', async () => {
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/contacts?status=read',
      headers: admin.headers,
    });
    expect(read.json<Page<ContactMessage>>().total).toBe(5);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/contacts?status=archived',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/contacts/:id', () => {
  it('moves new -> read -> replied', async () => {
    const id = ids[20]!;
    const read = await patch(id, 'read');
    expect(read.statusCode).toBe(200);
    expect(read.json<ContactMessage>()).toMatchObject({ id, status: 'read' });
    const replied = await patch(id, 'replied');
    expect(replied.json<ContactMessage>().status).toBe('replied');
  });

  it('allows new -> replied directly, and the same status again as a no-op', async () => {
    const id = ids[21]!;
    expect((await patch(id, 'replied')).statusCode).toBe(200);
    const again = await patch(id, 'replied');
    expect(again.statusCode).toBe(200);
    expect(again.json<ContactMessage>().status).toBe('replied');
    expect((await patch(ids[22]!, 'new')).statusCode).toBe(200);
  });

  it.each([
    ['replied', 'new'],
    ['replied', 'read'],
    ['read', 'new'],
  ] as const)('refuses %s -> %s with 409 and leaves the message as it was', async (from, to) => {
    const id = from === 'read' ? ids[1]! : ids[20]!;
    const response = await patch(id, to);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: `A message that is ${from} cannot go back to ${to}`,
      type: 'invalid_transition',
    });
    const row = await ctx.database.db
      .selectFrom('contactMessages')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(from);
  });

  it('answers 400 to an unknown status and 404 to an unknown or malformed id', async () => {
    const bad = await patch(ids[23]!, 'archived');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      { path: 'status', message: 'Status must be one of new, read or replied' },
    ]);
    expect((await patch('00000000-0000-4000-8000-000000000000', 'read')).statusCode).toBe(404);
    expect((await patch('42', 'read')).statusCode).toBe(404);
  });
});

describe('GET /api/admin/contacts/export', () => {
  it('is a CSV attachment with quoting, formula neutralisation and ISO dates', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/contacts/export',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="contacts-export.csv"',
    );
    const records = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(30);
    expect(Object.keys(records[0]!)).toEqual([
      'ID',
      'Name',
      'Email',
      'Company',
      'Subject',
      'Message',
      'Status',
      'Received at',
    ]);
    const first = records.find((record) => record.ID === ids[0])!;
    expect(first.Message).toBe(`'=cmd|"/C calc"!A0\r\nsecond line, "quoted"`);
    expect(first.Company).toBe('');
    expect(first['Received at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(records[0]!.ID).toBe(ids[29]);
  });
});
