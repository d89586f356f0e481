import type { ContactMessage, Page } from '@repo/validation';
import type { ContactMessageRow, DB } from '@repo/db';
import type { ContactListQuery, ContactStatus } from '@repo/validation';
import { sql } from 'kysely';
import { streamForExport } from '../export-stream';
import { onePage } from '../paginate';

const columns = [
  'id',
  'name',
  'email',
  'company',
  'subject',
  'message',
  'status',
  'createdAt',
] as const;

export type ContactMessageRecord = Pick<ContactMessageRow, (typeof columns)[number]>;
type Row = ContactMessageRecord;

function toContactMessage(row: Row): ContactMessage {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Newest first, optionally one status. */
export async function listContactMessages(
  db: DB,
  { page, pageSize, status }: ContactListQuery,
): Promise<Page<ContactMessage>> {
  let query = db.selectFrom('contactMessages');
  if (status) query = query.where('status', '=', status);
  const [rows, count] = await Promise.all([
    query
      .select(columns)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .$call(onePage({ page, pageSize }))
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toContactMessage), total: Number(count.count), page, pageSize };
}

export function streamContactMessages(db: DB): AsyncIterable<Row> {
  return streamForExport(db, (trx) =>
    trx
      .selectFrom('contactMessages')
      .select(columns)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .stream(500),
  );
}

/** Spec section 4: new -> read -> replied, never backwards. */
const STATUS_ORDER: Record<ContactStatus, number> = { new: 0, read: 1, replied: 2 };

/** The statuses a message may move to `target` from (itself included: a no-op). */
function predecessorsOf(target: ContactStatus): ContactStatus[] {
  return (Object.keys(STATUS_ORDER) as ContactStatus[]).filter(
    (status) => STATUS_ORDER[status] <= STATUS_ORDER[target],
  );
}

export type StatusChange =
  | { outcome: 'updated'; message: ContactMessage }
  | { outcome: 'backwards'; current: ContactStatus }
  | { outcome: 'not_found' };

/** One conditional update, so two admins acting at once cannot move a message backwards. */
export async function changeContactStatus(
  db: DB,
  id: string,
  target: ContactStatus,
): Promise<StatusChange> {
  const row = await db
    .updateTable('contactMessages')
    .set({ status: target, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', predecessorsOf(target))
    .returning(columns)
    .executeTakeFirst();
  if (row) return { outcome: 'updated', message: toContactMessage(row) };
  const current = await db
    .selectFrom('contactMessages')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return current ? { outcome: 'backwards', current: current.status } : { outcome: 'not_found' };
}

/** Stores a message from the public form; every one starts as 'new' (spec section 4). */
export function insertContactMessage(
  db: DB,
  message: {
    name: string;
    email: string;
    company?: string | null;
    subject: string;
    message: string;
  },
) {
  return db
    .insertInto('contactMessages')
    .values({ ...message, company: message.company ?? null, status: 'new' })
    .returning(['id', 'status', 'createdAt'])
    .executeTakeFirstOrThrow();
}

export async function countContactMessages(db: DB): Promise<number> {
  const { count } = await db
    .selectFrom('contactMessages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
