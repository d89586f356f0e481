import { type BlogPost, createApiClient } from '@repo/api-client';
import { env } from '~/env.server';
import { newestFirst } from './blog-filters';

// Spec section 9: the blog query is cached for 5 minutes.
const CACHE_TTL_MS = 5 * 60 * 1000;
let cache: { posts: BlogPost[]; expiresAt: number } | undefined;
let inFlight: Promise<BlogPost[]> | undefined;

const api = createApiClient({ baseUrl: env.API_URL });

/** All posts, newest first, from the API (kept for 5 minutes). */
export async function listPosts(): Promise<BlogPost[]> {
  if (cache && cache.expiresAt > Date.now()) return cache.posts;
  inFlight ??= api
    .get<BlogPost[]>('/api/posts')
    .then((posts) => {
      const sorted = newestFirst(posts);
      cache = { posts: sorted, expiresAt: Date.now() + CACHE_TTL_MS };
      return sorted;
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

/** Posts for pages that still make sense without them (home): [] when the API is down. */
export async function listPostsOrEmpty(): Promise<BlogPost[]> {
  try {
    return await listPosts();
  } catch (error) {
    console.error('Could not load blog posts', error);
    return [];
  }
}

export function findPost(posts: readonly BlogPost[], slug: string): BlogPost | undefined {
  return posts.find((post) => post.slug === slug);
}
