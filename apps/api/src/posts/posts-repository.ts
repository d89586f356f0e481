import type {
  AdminPost,
  BlogPost,
  BlogPostSummary,
  PostRevisionActorKind,
  PostSnapshot,
  PostStatus,
} from '@repo/validation';
import type { DB } from '@repo/db';
import { sql } from 'kysely';

/*
 * The blog's SQL (issue 23): what the site reads (published posts only) and what
 * the console and API keys write. The rules (statuses, slugs, revisions) are in
 * publishing.ts.
 */

function selectPosts(db: DB) {
  return db
    .selectFrom('blogPosts')
    .select([
      'id',
      'slug',
      'title',
      'excerpt',
      sql<string>`to_char(published_on, 'YYYY-MM-DD')`.as('date'),
      'category',
      'tags',
      'readingTime',
      'author',
      'authorEmail',
      'authorBio',
      'content',
      'featuredImage',
    ]);
}

type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

function toBlogPost({
  authorEmail,
  authorBio,
  content,
  featuredImage,
  ...rest
}: PostRow): BlogPost {
  return {
    ...rest,
    ...(authorEmail ? { authorEmail } : {}),
    ...(authorBio ? { authorBio } : {}),
    ...(content ? { content } : {}),
    ...(featuredImage ? { featuredImage } : {}),
  };
}

/** What a listing shows of a post: everything but its text and the author's bio. */
export function toPostSummary({
  content: _content,
  authorBio: _authorBio,
  ...summary
}: BlogPost): BlogPostSummary {
  return summary;
}

/** Every published post with its full text, newest first: what the site shows. */
export async function listPosts(db: DB): Promise<BlogPost[]> {
  const rows = await selectPosts(db)
    .where('status', '=', 'published')
    .orderBy('publishedOn', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toBlogPost);
}

/** Each old slug of a published post, with the slug it answers now. */
export async function listPublishedRedirects(db: DB): Promise<{ oldSlug: string; slug: string }[]> {
  return db
    .selectFrom('blogPostRedirects as r')
    .innerJoin('blogPosts as p', 'p.id', 'r.postId')
    .select(['r.oldSlug', 'p.slug'])
    .where('p.status', '=', 'published')
    .execute();
}

// ---- The console's and API keys' side ----

const adminColumns = [
  'id',
  'slug',
  'title',
  'excerpt',
  'category',
  'tags',
  'readingTime',
  'author',
  'authorEmail',
  'authorBio',
  'content',
  'featuredImage',
  'status',
  'scheduledAt',
  'publishedAt',
  'createdAt',
  'updatedAt',
  'importedAt',
] as const;

function selectAdminPosts(db: DB) {
  return db
    .selectFrom('blogPosts')
    .select(adminColumns)
    .select(sql<string>`to_char(published_on, 'YYYY-MM-DD')`.as('date'));
}

type AdminPostRow = Awaited<ReturnType<ReturnType<typeof selectAdminPosts>['execute']>>[number];

function toAdminPost({ importedAt, scheduledAt, publishedAt, ...row }: AdminPostRow): AdminPost {
  return {
    ...row,
    scheduledAt: scheduledAt?.toISOString() ?? null,
    publishedAt: publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    imported: importedAt !== null,
  };
}

/** The editable fields of a post, as a revision keeps them. */
export function snapshotOf(post: AdminPost): PostSnapshot {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    category: post.category,
    tags: post.tags,
    readingTime: post.readingTime,
    author: post.author,
    authorEmail: post.authorEmail,
    authorBio: post.authorBio,
    content: post.content,
    featuredImage: post.featuredImage,
  };
}

export async function findAdminPost(
  db: DB,
  id: number,
  { forUpdate = false } = {},
): Promise<AdminPost | undefined> {
  let query = selectAdminPosts(db).where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toAdminPost(row) : undefined;
}

/** `%` and `_` match themselves in a search. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of posts, recently changed first; `search` in the title, any case. */
export async function listAdminPosts(
  db: DB,
  {
    page,
    pageSize,
    search,
    status,
    category,
  }: { page: number; pageSize: number; search?: string; status?: PostStatus; category?: string },
) {
  let query = selectAdminPosts(db);
  if (search) query = query.where('title', 'ilike', likePattern(search));
  if (status) query = query.where('status', '=', status);
  if (category) query = query.where(sql`lower(category)`, '=', category.toLowerCase());
  const rows = await query
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page > 1) {
    let count = db.selectFrom('blogPosts').select((eb) => eb.fn.countAll<string>().as('count'));
    if (search) count = count.where('title', 'ilike', likePattern(search));
    if (status) count = count.where('status', '=', status);
    if (category) count = count.where(sql`lower(category)`, '=', category.toLowerCase());
    total = Number((await count.executeTakeFirstOrThrow()).count);
  }
  return {
    items: rows.map(({ total: _total, ...row }) => {
      const { content: _content, authorBio: _bio, ...post } = toAdminPost(row);
      return post;
    }),
    total,
    page,
    pageSize,
  };
}

/** A new draft; undefined when the slug is taken. */
export async function insertPost(db: DB, fields: PostSnapshot): Promise<AdminPost | undefined> {
  const inserted = await db
    .insertInto('blogPosts')
    .values({
      ...fields,
      tags: fields.tags,
      publishedOn: sql<string>`(now() at time zone 'UTC')::date`,
      status: 'draft',
    })
    .onConflict((conflict) => conflict.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? findAdminPost(db, inserted.id) : undefined;
}

export async function updatePostFields(
  db: DB,
  id: number,
  fields: PostSnapshot,
): Promise<AdminPost | undefined> {
  await db
    .updateTable('blogPosts')
    .set({ ...fields, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  return findAdminPost(db, id);
}

/** Publishes now: the site's date is today's the first time, kept on a later publish. */
export async function markPublished(db: DB, id: number): Promise<void> {
  await db
    .updateTable('blogPosts')
    .set({
      status: 'published',
      scheduledAt: null,
      publishedOn: sql<string>`case when published_at is null
        then (now() at time zone 'UTC')::date else published_on end`,
      publishedAt: sql<Date>`coalesce(published_at, now())`,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function markStatus(
  db: DB,
  id: number,
  status: Extract<PostStatus, 'unpublished' | 'scheduled'>,
  scheduledAt: Date | null = null,
): Promise<void> {
  await db
    .updateTable('blogPosts')
    .set({ status, scheduledAt, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Publishes the scheduled posts whose time has come, at most `limit`, and returns
 * them. `for update skip locked`: two instances running this at once take
 * different rows, and a row taken is no longer 'scheduled' once committed, so
 * each post is published exactly once.
 */
export async function publishDueRows(
  db: DB,
  limit: number,
): Promise<{ id: number; slug: string; title: string; scheduledAt: Date | null }[]> {
  return db
    .updateTable('blogPosts')
    .set({
      status: 'published',
      publishedOn: sql<string>`case when published_at is null
        then (scheduled_at at time zone 'UTC')::date else published_on end`,
      publishedAt: sql<Date>`coalesce(published_at, scheduled_at)`,
      updatedAt: sql<Date>`now()`,
    })
    .where(
      'id',
      'in',
      db
        .selectFrom('blogPosts')
        .select('id')
        .where('status', '=', 'scheduled')
        .where('scheduledAt', '<=', sql<Date>`now()`)
        .orderBy('scheduledAt')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .where('status', '=', 'scheduled')
    .returning(['id', 'slug', 'title', 'scheduledAt'])
    .execute();
}

export async function deletePostRow(db: DB, id: number): Promise<boolean> {
  const result = await db.deleteFrom('blogPosts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- Slugs ----

/**
 * Serialises the changes of slugs: a slug is unique across the posts and the old
 * slugs redirects keep, two tables no one index covers.
 */
export async function lockSlugs(db: DB): Promise<void> {
  await sql`select pg_advisory_xact_lock(23019, 1)`.execute(db);
}

/** Who holds `slug`: a post (its current slug), a redirect to a post, or nobody. */
export async function slugHolder(
  db: DB,
  slug: string,
): Promise<{ kind: 'post' | 'redirect'; postId: number } | undefined> {
  const post = await db
    .selectFrom('blogPosts')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (post) return { kind: 'post', postId: post.id };
  const redirect = await db
    .selectFrom('blogPostRedirects')
    .select('postId')
    .where('oldSlug', '=', slug)
    .executeTakeFirst();
  return redirect ? { kind: 'redirect', postId: redirect.postId } : undefined;
}

export async function addRedirect(db: DB, oldSlug: string, postId: number): Promise<void> {
  await db
    .insertInto('blogPostRedirects')
    .values({ oldSlug, postId })
    .onConflict((conflict) => conflict.column('oldSlug').doUpdateSet({ postId }))
    .execute();
}

export async function removeRedirect(db: DB, oldSlug: string): Promise<void> {
  await db.deleteFrom('blogPostRedirects').where('oldSlug', '=', oldSlug).execute();
}

// ---- Revisions ----

export interface RevisionActor {
  kind: PostRevisionActorKind;
  userId: string | null;
  apiKeyId: string | null;
  label: string;
}

export async function insertRevision(
  db: DB,
  postId: number,
  snapshot: PostSnapshot,
  actor: RevisionActor,
): Promise<void> {
  await db
    .insertInto('blogPostRevisions')
    .values({
      postId,
      snapshot: JSON.stringify(snapshot),
      actorKind: actor.kind,
      actorUserId: actor.userId,
      actorApiKeyId: actor.apiKeyId,
      actorLabel: actor.label,
    })
    .execute();
}

const revisionColumns = [
  'id',
  'postId',
  'snapshot',
  'actorKind',
  'actorUserId',
  'actorApiKeyId',
  'actorLabel',
  'createdAt',
] as const;

function toRevision(row: {
  id: string;
  postId: number;
  snapshot: PostSnapshot;
  actorKind: PostRevisionActorKind;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  actorLabel: string;
  createdAt: Date;
}) {
  return {
    id: row.id,
    postId: row.postId,
    snapshot: row.snapshot,
    actor: {
      kind: row.actorKind,
      id: row.actorUserId ?? row.actorApiKeyId,
      label: row.actorLabel,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

/** A post's revisions, newest first (at most 200). */
export async function listRevisions(db: DB, postId: number) {
  const rows = await db
    .selectFrom('blogPostRevisions')
    .select(revisionColumns)
    .where('postId', '=', postId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map(toRevision);
}

export async function findRevision(db: DB, postId: number, revisionId: string) {
  const row = await db
    .selectFrom('blogPostRevisions')
    .select(revisionColumns)
    .where('postId', '=', postId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  return row ? toRevision(row) : undefined;
}
