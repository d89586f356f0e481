import { createHash } from 'node:crypto';
import type { DB } from '@repo/db';
import { blogPostSchema, blogPostSummarySchema, postsVersionSchema } from '@repo/validation';
import type { z } from 'zod';
import { createSnapshot } from '../snapshot';
import { listPosts, listPublishedRedirects, toPostSummary } from './posts-repository';

/** A JSON answer serialised once, with its validator. */
export interface SerializedBody {
  body: string;
  etag: string;
}

export interface PostsSnapshot {
  /** GET /api/posts: every post's summary, newest first. */
  summaries: SerializedBody;
  /** GET /api/posts/:slug: one full post, by slug. */
  bySlug: ReadonlyMap<string, SerializedBody>;
  /** A published post's old slug -> its slug now (issue 23: GET /api/posts/:old answers 301). */
  redirects: ReadonlyMap<string, string>;
  /**
   * GET /api/posts-version: one validator over everything above, which changes
   * with any publish, unpublish, edit or slug change (issue 23: the site polls it).
   */
  version: SerializedBody;
}

/** Through the routes' response schema, as Fastify would serialise it, but once. */
function serialize<S extends z.ZodType>(schema: S, payload: z.output<S>): SerializedBody {
  const body = JSON.stringify(schema.encode(payload));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag };
}

async function loadSnapshot(db: DB): Promise<PostsSnapshot> {
  const [posts, redirects] = await Promise.all([listPosts(db), listPublishedRedirects(db)]);
  const summaries = serialize(blogPostSummarySchema.array(), posts.map(toPostSummary));
  const bySlug = new Map(posts.map((post) => [post.slug, serialize(blogPostSchema, post)]));
  const redirectPairs = redirects.map(({ oldSlug, slug }) => [oldSlug, slug] as const);
  const everything = createHash('sha256').update(summaries.etag);
  for (const [slug, { etag }] of bySlug) everything.update(`\n${slug} ${etag}`);
  for (const [oldSlug, slug] of redirectPairs) everything.update(`\n${oldSlug} -> ${slug}`);
  const version = everything.digest('base64url').slice(0, 27);
  return {
    summaries,
    bySlug,
    redirects: new Map(redirectPairs),
    version: serialize(postsVersionSchema, { version }),
  };
}

/**
 * The blog's answers, read and serialised at most once per `maxAgeMs` (issue 13:
 * GET /api/posts is served from memory instead of querying and serialising each
 * time). A snapshot older than `maxAgeMs` is reloaded by the next request that
 * needs it (see createSnapshot; a database outage answers 503 as before). Issue 23:
 * a write through this process (the admin routes, the scheduler) invalidates it,
 * so the next read sees the write; another instance sees it within `maxAgeMs`.
 */
export function createPostsCache(db: DB, { maxAgeMs }: { maxAgeMs: number }) {
  return createSnapshot(() => loadSnapshot(db), { maxAgeMs });
}

export type PostsCache = ReturnType<typeof createPostsCache>;
