import type { DB } from '@repo/db';
import type { AdminPost, PostPendingRevision, PostSnapshot } from '@repo/validation';
import { sql } from 'kysely';
import { type RevisionActor, snapshotOf } from './posts-repository';

/*
 * The SQL of pending revisions (issue 31): at most one per post (a unique
 * post_id), holding the fields it changes. The rules are in pending-revisions.ts.
 */

type Changes = Partial<PostSnapshot>;

const columns = [
  'id',
  'postId',
  'changes',
  'actorKind',
  'actorUserId',
  'actorApiKeyId',
  'actorLabel',
  'createdAt',
  'updatedAt',
] as const;

export interface PendingRevisionRow {
  id: string;
  postId: number;
  changes: Changes;
  actorKind: PostPendingRevision['actor']['kind'];
  actorUserId: string | null;
  actorApiKeyId: string | null;
  actorLabel: string;
  createdAt: Date;
  updatedAt: Date;
}

export async function findPendingRevisionRow(
  db: DB,
  postId: number,
): Promise<PendingRevisionRow | undefined> {
  return db
    .selectFrom('blogPostPendingRevisions')
    .select(columns)
    .where('postId', '=', postId)
    .executeTakeFirst();
}

/** The fields of `changes` that differ from `snapshot`. */
export function changedFields(snapshot: PostSnapshot, changes: Changes): (keyof PostSnapshot)[] {
  return (Object.keys(changes) as (keyof PostSnapshot)[]).filter(
    (field) =>
      field in snapshot && JSON.stringify(changes[field]) !== JSON.stringify(snapshot[field]),
  );
}

/** The post's editable fields with the changes over them. */
export function withChanges(post: AdminPost, changes: Changes): PostSnapshot {
  const snapshot = snapshotOf(post);
  const next: PostSnapshot = { ...snapshot };
  for (const field of changedFields(snapshot, changes)) {
    (next as Record<string, unknown>)[field] = changes[field];
  }
  return next;
}

/** The pending revision as the API answers it, against the post as it is now. */
export function toPendingRevision(post: AdminPost, row: PendingRevisionRow): PostPendingRevision {
  return {
    id: row.id,
    postId: row.postId,
    fields: changedFields(snapshotOf(post), row.changes),
    snapshot: withChanges(post, row.changes),
    actor: {
      kind: row.actorKind,
      id: row.actorUserId ?? row.actorApiKeyId,
      label: row.actorLabel,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Keeps `changes` as the post's pending revision (replacing the one there), by `actor`. */
export async function savePendingRevisionRow(
  db: DB,
  postId: number,
  changes: Changes,
  actor: RevisionActor,
): Promise<PendingRevisionRow> {
  const values = {
    changes: JSON.stringify(changes),
    actorKind: actor.kind,
    actorUserId: actor.userId,
    actorApiKeyId: actor.apiKeyId,
    actorLabel: actor.label,
  };
  return db
    .insertInto('blogPostPendingRevisions')
    .values({ postId, ...values })
    .onConflict((conflict) =>
      conflict.column('postId').doUpdateSet({ ...values, updatedAt: sql<Date>`now()` }),
    )
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function deletePendingRevisionRow(db: DB, postId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('blogPostPendingRevisions')
    .where('postId', '=', postId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
