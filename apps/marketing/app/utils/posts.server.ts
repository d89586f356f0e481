import { type BlogPost, type BlogPostSummary, siteRoutes } from '@repo/api-client';
import { env } from '~/env.server';
import { newestFirst } from './blog-filters';
import { createPostsWatcher } from './posts-watch.server';
import {
  createRevalidatingResource,
  NOT_FOUND,
  type RevalidatingResource,
} from './revalidating-fetch.server';

// Spec section 9: the blog query is cached for 5 minutes. After that the copy is
// revalidated in the background (a 304 when nothing changed) and served meanwhile.
const CACHE_OPTIONS = { freshMs: 5 * 60 * 1000, staleMs: 24 * 60 * 60 * 1000 };

const summaries = createRevalidatingResource<BlogPostSummary[]>(
  `${env.API_URL}${siteRoutes.posts.list}`,
  CACHE_OPTIONS,
);
/** One resource per known slug: the map never grows past the number of posts. */
const fullPosts = new Map<string, RevalidatingResource<BlogPost>>();

/** Told after the copies above were refreshed because the blog changed (the page cache). */
const changeListeners = new Set<() => void>();

/*
 * Issue 23: a publish, an edit or a slug change shows within seconds. The watcher
 * asks the API every POSTS_POLL_MS whether the blog changed; when it did, every
 * copy above is marked outdated (the next read waits for the API, with its ETag,
 * so an unchanged post costs a 304), the list is fetched at once, and then the
 * listeners drop the rendered pages that show posts (server/serve.js: the page
 * cache). In that order: a page rendered after the cache is cleared reads the
 * new posts.
 */
const watcher = createPostsWatcher({
  url: `${env.API_URL}${siteRoutes.posts.version}`,
  intervalMs: env.POSTS_POLL_MS,
  onChange: async () => {
    summaries.invalidate();
    for (const resource of fullPosts.values()) resource.invalidate();
    await summaries.get().catch(() => undefined);
    for (const listener of changeListeners) listener();
  },
});

// The dev server reloads this module on an edit: the old watcher stops polling.
import.meta.hot?.dispose(() => watcher.stop());

/**
 * Runs `listener` each time the blog changed and the posts were refetched (and
 * starts following the changes). Returns a function that stops telling it.
 */
export function onPostsChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  watcher.start();
  return () => changeListeners.delete(listener);
}

/** Every post's summary (no text), newest first, from the API. */
export async function listPosts(): Promise<BlogPostSummary[]> {
  watcher.start();
  const posts = await summaries.get();
  return posts === NOT_FOUND ? [] : newestFirst(posts);
}

/** Summaries for pages that still make sense without them (home): [] when the API is down. */
export async function listPostsOrEmpty(): Promise<BlogPostSummary[]> {
  try {
    return await listPosts();
  } catch (error) {
    console.error('Could not load blog posts', error);
    return [];
  }
}

/**
 * One post with its text, or undefined for a slug no post has. Slugs are checked
 * against the list first, so an unknown one costs no API request and no memory.
 */
export async function findPost(slug: string): Promise<BlogPost | undefined> {
  const posts = await listPosts();
  if (!posts.some((post) => post.slug === slug)) return undefined;
  let resource = fullPosts.get(slug);
  if (!resource) {
    resource = createRevalidatingResource<BlogPost>(
      `${env.API_URL}${siteRoutes.posts.post(slug)}`,
      CACHE_OPTIONS,
    );
    fullPosts.set(slug, resource);
  }
  const post = await resource.get();
  return post === NOT_FOUND ? undefined : post;
}
