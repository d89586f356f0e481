import { type Problem, readingTimeMinutes } from '@repo/content/seo-checks';
import type { DB } from '@repo/db';
import {
  type AdminPost,
  POST_CHECK_MESSAGES,
  POST_MESSAGES,
  POST_PENDING_MESSAGES,
  type PostChecksFailed,
  type PostCreate,
  type PostOverride,
  type PostSnapshot,
  type PostUpdate,
} from '@repo/validation';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { emitWebhookEvent } from '../webhooks/webhook-events';
import { AppError, badRequest, conflict, missingPermission, notFound } from '../errors';
import { problemsOf } from './post-checks';
import {
  addRedirect,
  deletePostRow,
  findAdminPost,
  findRevision,
  insertPost,
  insertRevision,
  lockSlugs,
  markPublished,
  markStatus,
  publishDueRows,
  removeRedirect,
  type RevisionActor,
  slugHolder,
  snapshotOf,
  updatePostFields,
} from './posts-repository';
import { slugFromTitle } from './slugs';

/*
 * Publishing (issue 23): the rules over the posts repository. Every change is one
 * transaction, with its audit entry; a save keeps a revision of what it replaced.
 */

export const auditTarget = (post: { id: number }) => ({
  targetType: 'post',
  targetId: String(post.id),
});
/** A post's title and slug are not personal data: the log may keep them. */
export const auditDetails = (post: { title: string; slug: string }) => ({
  title: post.title,
  slug: post.slug,
});

/** What a post event says of it: public facts only. */
const postEventSummary = (post: { id: number; slug: string; title: string }) => ({
  id: post.id,
  slug: post.slug,
  title: post.title,
  path: `/blog/${post.slug}`,
});

export function revisionActorOf(actor: AuditActor): RevisionActor {
  return {
    kind: actor.kind === 'public' ? 'system' : actor.kind,
    userId: actor.kind === 'staff' ? actor.userId : null,
    apiKeyId: actor.kind === 'api_key' ? actor.apiKeyId : null,
    label: actor.label,
  };
}

export async function mustFind(trx: DB, id: number): Promise<AdminPost> {
  const post = await findAdminPost(trx, id, { forUpdate: true });
  if (!post) throw notFound(POST_MESSAGES.notFound);
  return post;
}

/** On the site, or going there by itself at its time. */
export const isLive = (post: AdminPost) =>
  post.status === 'published' || post.status === 'scheduled';

/**
 * Issue 31: a live post changes, leaves the site or is deleted only by someone
 * holding posts:publish; the route's own permission (posts:write) is not enough.
 */
function assertMayChangeLive(post: AdminPost, mayPublish: boolean): void {
  if (isLive(post) && !mayPublish) throw missingPermission('posts:publish');
}

/**
 * Makes sure `slug` is free for post `postId` (undefined: a new post). A slug is
 * another post's, or reserved by a redirect to another post: 409. A redirect to
 * this same post (its own old address) is taken back.
 */
async function claimSlug(trx: DB, slug: string, postId: number | undefined): Promise<void> {
  const holder = await slugHolder(trx, slug);
  if (!holder || holder.postId === postId) {
    if (holder?.kind === 'redirect') await removeRedirect(trx, slug);
    return;
  }
  if (holder.kind === 'post') throw conflict(POST_MESSAGES.slugTaken(slug), 'slug_taken');
  throw conflict(POST_MESSAGES.slugReserved(slug), 'slug_reserved');
}

/** POST /api/admin/posts: a draft; its slug from the title unless given. */
export async function createPost(
  trx: DB,
  input: PostCreate,
  actor: AuditActor,
): Promise<AdminPost> {
  const slug = input.slug ?? slugFromTitle(input.title);
  if (!slug) throw badRequest(POST_MESSAGES.slugFromTitle, 'validation_error');
  await lockSlugs(trx);
  await claimSlug(trx, slug, undefined);
  const post = await insertPost(trx, {
    title: input.title,
    slug,
    excerpt: input.excerpt,
    category: input.category,
    tags: input.tags,
    readingTime: input.readingTime ?? readingTimeMinutes(input.content),
    author: input.author,
    authorEmail: input.authorEmail ?? null,
    authorBio: input.authorBio ?? null,
    content: input.content ?? null,
    featuredImage: input.featuredImage ?? null,
  });
  if (!post) throw conflict(POST_MESSAGES.slugTaken(slug), 'slug_taken');
  await recordAudit(trx, actor, {
    action: 'post.create',
    ...auditTarget(post),
    details: auditDetails(post),
  });
  return post;
}

/**
 * Saves `next` over a post, keeping a revision of what it was. A published
 * post's old slug keeps answering (a redirect), and stays reserved for it.
 */
export async function saveFields(
  trx: DB,
  current: AdminPost,
  next: PostSnapshot,
  actor: AuditActor,
): Promise<AdminPost> {
  if (next.slug !== current.slug) {
    await lockSlugs(trx);
    await claimSlug(trx, next.slug, current.id);
    if (current.status === 'published') await addRedirect(trx, current.slug, current.id);
  }
  await insertRevision(trx, current.id, snapshotOf(current), revisionActorOf(actor));
  const saved = await updatePostFields(trx, current.id, next);
  if (!saved) throw notFound(POST_MESSAGES.notFound);
  return saved;
}

/** `base` with the fields a PATCH sends over it. */
export function editedSnapshot(base: PostSnapshot, changes: PostUpdate): PostSnapshot {
  const next: PostSnapshot = { ...base };
  for (const [field, value] of Object.entries(changes) as [keyof PostSnapshot, unknown][]) {
    if (value !== undefined) (next as Record<string, unknown>)[field] = value;
  }
  // A new text without a reading time of its own gets one computed from it.
  if (changes.content !== undefined && changes.readingTime === undefined) {
    next.readingTime = readingTimeMinutes(changes.content);
  }
  return next;
}

/**
 * PATCH /api/admin/posts/:id by someone who may change `current` (locked by
 * mustFind): a live post's new state passes the SEO checks first (issue 31), as
 * a publish does, since it reaches the site at once.
 */
export async function updatePost(
  trx: DB,
  current: AdminPost,
  changes: PostUpdate,
  actor: AuditActor,
  mayPublish: boolean,
): Promise<AdminPost> {
  assertMayChangeLive(current, mayPublish);
  const next = editedSnapshot(snapshotOf(current), changes);
  if (isLive(current)) await passChecks(trx, { ...current, ...next }, undefined, 'edit');
  const saved = await saveFields(trx, current, next, actor);
  const before = snapshotOf(current);
  const fields = (Object.keys(next) as (keyof PostSnapshot)[]).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(next[field]),
  );
  // Which fields changed, never their values: the text is in the revisions.
  await recordAudit(trx, actor, {
    action: 'post.update',
    ...auditTarget(saved),
    details: { ...auditDetails(saved), fields },
  });
  return saved;
}

/** POST /api/admin/posts/:id/revisions/:revisionId/restore: itself a save (and so a revision). */
export async function restoreRevision(
  trx: DB,
  id: number,
  revisionId: string,
  actor: AuditActor,
  mayPublish: boolean,
): Promise<AdminPost> {
  const current = await mustFind(trx, id);
  assertMayChangeLive(current, mayPublish);
  const revision = await findRevision(trx, id, revisionId);
  if (!revision) throw notFound(POST_MESSAGES.revisionNotFound);
  if (isLive(current)) {
    await passChecks(trx, { ...current, ...revision.snapshot }, undefined, 'edit');
  }
  const restored = await saveFields(trx, current, revision.snapshot, actor);
  await recordAudit(trx, actor, {
    action: 'post.restore',
    ...auditTarget(restored),
    details: { ...auditDetails(restored), revisionId },
  });
  return restored;
}

/** A publish or schedule that blocking SEO problems stopped: 422 with the problems. */
export class PostChecksError extends AppError {
  constructor(
    readonly problems: Problem[],
    of: 'publish' | 'edit' = 'publish',
  ) {
    const message = of === 'edit' ? POST_PENDING_MESSAGES.editBlocked : POST_CHECK_MESSAGES.blocked;
    super(422, message(problems.length), 'seo_checks_failed');
  }

  get body(): PostChecksFailed {
    return { message: this.message, type: 'seo_checks_failed', problems: this.problems };
  }
}

/**
 * Issue 23: a post goes on the site (or on its schedule) only without blocking
 * SEO problems, or past them with an override and its reason, which the audit
 * entry keeps (with the problems' codes).
 */
export async function passChecks(
  trx: DB,
  post: AdminPost,
  override: PostOverride | undefined,
  /** An edit of a live post (a PATCH, a restore) takes no override: its problems are fixed first. */
  of: 'publish' | 'edit' = 'publish',
): Promise<{ override?: { reason: string; problems: string[] } }> {
  const blocking = (await problemsOf(trx, post)).filter((problem) => problem.blocking);
  if (blocking.length === 0) return {};
  if (!override) throw new PostChecksError(blocking, of);
  return { override: { reason: override.reason, problems: blocking.map((p) => p.code) } };
}

export async function publishPost(
  trx: DB,
  id: number,
  actor: AuditActor,
  override?: PostOverride,
): Promise<AdminPost> {
  const current = await mustFind(trx, id);
  if (current.status === 'published') return current;
  const checks = await passChecks(trx, current, override);
  await markPublished(trx, id);
  await recordAudit(trx, actor, {
    action: 'post.publish',
    ...auditTarget(current),
    details: { ...auditDetails(current), ...checks },
  });
  const published = await mustFind(trx, id);
  await emitWebhookEvent(trx, 'post.published', {
    post: {
      ...postEventSummary(published),
      publishedAt: published.publishedAt ?? new Date().toISOString(),
    },
  });
  return published;
}

export async function unpublishPost(trx: DB, id: number, actor: AuditActor): Promise<AdminPost> {
  const current = await mustFind(trx, id);
  if (current.status !== 'published' && current.status !== 'scheduled') {
    throw conflict(POST_MESSAGES.notPublished, 'not_published');
  }
  await markStatus(trx, id, 'unpublished');
  await recordAudit(trx, actor, {
    action: 'post.unpublish',
    ...auditTarget(current),
    details: { ...auditDetails(current), was: current.status },
  });
  // A scheduled post never went out: receivers heard nothing of it to take back.
  if (current.status === 'published') {
    await emitWebhookEvent(trx, 'post.unpublished', { post: postEventSummary(current) });
  }
  return mustFind(trx, id);
}

export async function schedulePost(
  trx: DB,
  id: number,
  at: Date,
  actor: AuditActor,
  override?: PostOverride,
): Promise<AdminPost> {
  const current = await mustFind(trx, id);
  if (current.status === 'published') {
    throw conflict(POST_MESSAGES.alreadyPublished, 'already_published');
  }
  const checks = await passChecks(trx, current, override);
  await markStatus(trx, id, 'scheduled', at);
  await recordAudit(trx, actor, {
    action: 'post.schedule',
    ...auditTarget(current),
    details: { ...auditDetails(current), at: at.toISOString(), ...checks },
  });
  return mustFind(trx, id);
}

export async function deletePost(
  trx: DB,
  id: number,
  actor: AuditActor,
  mayPublish: boolean,
): Promise<void> {
  const current = await mustFind(trx, id);
  assertMayChangeLive(current, mayPublish);
  if (!(await deletePostRow(trx, id))) throw notFound(POST_MESSAGES.notFound);
  await recordAudit(trx, actor, {
    action: 'post.delete',
    ...auditTarget(current),
    details: { ...auditDetails(current), status: current.status },
  });
}

/** Scheduled posts published per run (the rest wait for the next run). */
const DUE_BATCH = 100;

/**
 * Publishes the scheduled posts whose time has come, each exactly once however
 * many instances run this at once (see publishDueRows); returns their ids.
 */
export async function publishDuePosts(db: DB, actor: AuditActor): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const published = await publishDueRows(trx, DUE_BATCH);
    for (const post of published) {
      await recordAudit(trx, actor, {
        action: 'post.publish',
        ...auditTarget(post),
        details: { ...auditDetails(post), scheduledAt: post.scheduledAt?.toISOString() ?? null },
      });
      await emitWebhookEvent(trx, 'post.published', {
        post: {
          ...postEventSummary(post),
          publishedAt: (post.scheduledAt ?? new Date()).toISOString(),
        },
      });
    }
    return published.map((post) => post.id);
  });
}
