import type { DB } from '@repo/db';
import { findEmailTemplate } from '@repo/email-templates';
import type { AuditActorKind } from '@repo/validation';

/*
 * The names an audit entry reads with, looked up when the log is read: the log
 * itself keeps ids only, so a renamed account reads with its new name and an
 * erased person with none (the console then says "an erased person").
 */

/** What the lookup needs of one entry. */
interface NamedEntry {
  actorKind: AuditActorKind;
  actorId: string | null;
  targetType: string | null;
  targetId: string | null;
}

/** The current names, by entry; null when there is none (system, erased, deleted). */
export interface AuditNames {
  actorName: string | null;
  subjectName: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Lookup = (db: DB, ids: string[]) => Promise<{ id: string; name: string }[]>;

const fullName = (row: { id: string; firstName: string; lastName: string }) => ({
  id: row.id,
  name: `${row.firstName} ${row.lastName}`.trim(),
});

const staffNames: Lookup = async (db, ids) =>
  (
    await db.selectFrom('users').select(['id', 'name', 'username']).where('id', 'in', ids).execute()
  ).map((row) => ({ id: row.id, name: row.name.trim() || row.username }));

const keyNames: Lookup = (db, ids) =>
  db.selectFrom('apiKeys').select(['id', 'name']).where('id', 'in', ids).execute();

/** Each kind of record an entry can name by id, and where its name is now. */
const SUBJECT_LOOKUPS: Record<string, Lookup> = {
  waitlist_entry: async (db, ids) =>
    (
      await db
        .selectFrom('waitlistEntries')
        .select(['id', 'firstName', 'lastName'])
        .where('id', 'in', ids)
        .execute()
    ).map(fullName),
  beta_participant: async (db, ids) =>
    (
      await db
        .selectFrom('betaParticipants')
        .select(['id', 'firstName', 'lastName'])
        .where('id', 'in', ids)
        .execute()
    ).map(fullName),
  feedback_response: async (db, ids) =>
    (
      await db
        .selectFrom('betaFeedbackResponses')
        .select(['id', 'firstName', 'lastName'])
        .where('id', 'in', ids)
        .execute()
    ).map(fullName),
  contact_message: (db, ids) =>
    db.selectFrom('contactMessages').select(['id', 'name']).where('id', 'in', ids).execute(),
  user: staffNames,
  api_key: keyNames,
  role: (db, ids) => db.selectFrom('roles').select(['id', 'name']).where('id', 'in', ids).execute(),
  invite_code: (db, ids) =>
    db.selectFrom('inviteCodes').select(['id', 'code as name']).where('id', 'in', ids).execute(),
  email: (db, ids) =>
    db.selectFrom('emailOutbox').select(['id', 'subject as name']).where('id', 'in', ids).execute(),
  /** A staff invitation: the account it became, else the address it went to. */
  account_token: async (db, ids) =>
    (
      await db
        .selectFrom('accountTokens')
        .leftJoin('users', 'users.id', 'accountTokens.userId')
        .select(['accountTokens.id', 'accountTokens.email', 'users.name'])
        .where('accountTokens.id', 'in', ids)
        .execute()
    ).map((row) => ({ id: row.id, name: row.name?.trim() || row.email })),
};

/** Ids per kind of record, only well-formed ones (every id column is a uuid). */
function idsByKind(pairs: [string | null, string | null][]): Map<string, string[]> {
  const byKind = new Map<string, string[]>();
  for (const [kind, id] of pairs) {
    if (!kind || !id || !UUID.test(id)) continue;
    const ids = byKind.get(kind) ?? [];
    if (!ids.includes(id)) ids.push(id);
    byKind.set(kind, ids);
  }
  return byKind;
}

/** One query per kind of record named: `kind:id` -> its name now. */
async function lookUp(
  db: DB,
  byKind: Map<string, string[]>,
  lookups: Record<string, Lookup>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await Promise.all(
    [...byKind].map(async ([kind, ids]) => {
      const lookup = lookups[kind];
      if (!lookup) return;
      for (const row of await lookup(db, ids)) names.set(`${kind}:${row.id}`, row.name);
    }),
  );
  return names;
}

const ACTOR_LOOKUPS: Record<string, Lookup> = { staff: staffNames, api_key: keyNames };

/** The actor's and the subject's names now, for each entry, in order. */
export async function namesOf(db: DB, entries: NamedEntry[]): Promise<AuditNames[]> {
  const [actors, subjects] = await Promise.all([
    lookUp(db, idsByKind(entries.map((entry) => [entry.actorKind, entry.actorId])), ACTOR_LOOKUPS),
    lookUp(
      db,
      idsByKind(entries.map((entry) => [entry.targetType, entry.targetId])),
      SUBJECT_LOOKUPS,
    ),
  ]);
  return entries.map((entry) => ({
    actorName: actors.get(`${entry.actorKind}:${entry.actorId}`) ?? null,
    subjectName:
      entry.targetType === 'email_template'
        ? (findEmailTemplate(entry.targetId ?? '')?.name ?? null)
        : (subjects.get(`${entry.targetType}:${entry.targetId}`) ?? null),
  }));
}
