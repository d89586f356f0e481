import type { DB } from '@repo/db';
import {
  type AdminPost,
  POST_MESSAGES,
  POST_PENDING_MESSAGES,
  type PostOverride,
  type PostPendingRevision,
  type PostSnapshot,
  type PostUpdate,
} from '@repo/validation';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { conflict, notFound } from '../errors';
import {
  changedFields,
  deletePendingRevisionRow,
  findPendingRevisionRow,
  savePendingRevisionRow,
  toPendingRevision,
  withChanges,
} from './pending-revisions-repository';
import { slugHolder, snapshotOf } from './posts-repository';
import {
  auditDetails,
  auditTarget,
  editedSnapshot,
  isLive,
  mustFind,
  passChecks,
  revisionActorOf,
  saveFields,
  updatePost,
} from './publishing';

/*
 * Least privilege, second pass (issue 31): a published or scheduled post changes
 * on the site only through someone holding posts:publish. Anyone else's edit of
 * one is kept as its pending revision (one per post; later edits add to it),
 * which a publisher publishes, past the SEO checks, or discards.
 */

export type EditOutcome =
  { kind: 'saved'; post: AdminPost } | { kind: 'pending'; pendingRevision: PostPendingRevision };

/**
 * A slug a pending revision asks for must be free now (409 as for a save); it is
 * claimed only when the changes are published, and checked again then.
 */
async function assertSlugFree(trx: DB, slug: string, postId: number): Promise<void> {
  const holder = await slugHolder(trx, slug);
  if (!holder || holder.postId === postId) return;
  if (holder.kind === 'post') throw conflict(POST_MESSAGES.slugTaken(slug), 'slug_taken');
  throw conflict(POST_MESSAGES.slugReserved(slug), 'slug_reserved');
}

/** Adds a PATCH of a live post to its pending revision; the post itself is left as it is. */
async function keepForReview(
  trx: DB,
  current: AdminPost,
  changes: PostUpdate,
  actor: AuditActor,
): Promise<EditOutcome> {
  const existing = await findPendingRevisionRow(trx, current.id);
  const base = existing ? withChanges(current, existing.changes) : snapshotOf(current);
  const next = editedSnapshot(base, changes);
  const fields = changedFields(snapshotOf(current), next);
  if (fields.includes('slug')) await assertSlugFree(trx, next.slug, current.id);
  await recordAudit(trx, actor, {
    action: 'post.submit_changes',
    ...auditTarget(current),
    details: { ...auditDetails(current), fields },
  });
  // Edited back to what the site shows: nothing waits any more.
  if (fields.length === 0) {
    await deletePendingRevisionRow(trx, current.id);
    return { kind: 'saved', post: current };
  }
  const kept: Partial<PostSnapshot> = Object.fromEntries(fields.map((f) => [f, next[f]]));
  const row = await savePendingRevisionRow(trx, current.id, kept, revisionActorOf(actor));
  return { kind: 'pending', pendingRevision: toPendingRevision(current, row) };
}

/**
 * PATCH /api/admin/posts/:id. Without posts:publish (`mayPublish`), an edit of a
 * live post waits for review; a draft's or an unpublished post's is saved.
 */
export async function editPost(
  trx: DB,
  id: number,
  changes: PostUpdate,
  actor: AuditActor,
  mayPublish: boolean,
): Promise<EditOutcome> {
  const current = await mustFind(trx, id);
  if (isLive(current) && !mayPublish) return keepForReview(trx, current, changes, actor);
  return { kind: 'saved', post: await updatePost(trx, current, changes, actor, mayPublish) };
}

/** GET /api/admin/posts/:id/pending-revision: null when nothing waits. */
export async function findPendingRevision(
  db: DB,
  post: AdminPost,
): Promise<PostPendingRevision | null> {
  const row = await findPendingRevisionRow(db, post.id);
  return row ? toPendingRevision(post, row) : null;
}

/**
 * POST /api/admin/posts/:id/pending-revision/publish (posts:publish): the changes
 * reach the site as a save does (a revision of what they replace, a redirect for
 * a published post's old slug), after the SEO checks, as a publish: blocking
 * problems stop it (422) unless overridden with a reason.
 */
export async function publishPendingRevision(
  trx: DB,
  id: number,
  actor: AuditActor,
  override?: PostOverride,
): Promise<AdminPost> {
  const current = await mustFind(trx, id);
  const row = await findPendingRevisionRow(trx, id);
  if (!row) throw notFound(POST_PENDING_MESSAGES.none);
  const next = withChanges(current, row.changes);
  const fields = changedFields(snapshotOf(current), row.changes);
  const checks = isLive(current) ? await passChecks(trx, { ...current, ...next }, override) : {};
  const saved = fields.length > 0 ? await saveFields(trx, current, next, actor) : current;
  await deletePendingRevisionRow(trx, id);
  await recordAudit(trx, actor, {
    action: 'post.publish_changes',
    ...auditTarget(saved),
    details: { ...auditDetails(saved), fields, ...checks },
  });
  return saved;
}

/** DELETE /api/admin/posts/:id/pending-revision (posts:publish): the post stays as it is. */
export async function discardPendingRevision(
  trx: DB,
  id: number,
  actor: AuditActor,
): Promise<void> {
  const current = await mustFind(trx, id);
  const row = await findPendingRevisionRow(trx, id);
  if (!row || !(await deletePendingRevisionRow(trx, id))) {
    throw notFound(POST_PENDING_MESSAGES.none);
  }
  await recordAudit(trx, actor, {
    action: 'post.discard_changes',
    ...auditTarget(current),
    details: { ...auditDetails(current), fields: changedFields(snapshotOf(current), row.changes) },
  });
}
