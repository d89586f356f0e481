import type { BlogPostSummary } from '@repo/api-client';

/** Spec section 3: the blog filter state; it lives in the URL (?q=, ?category=, ?tag=). */
export interface BlogFilters {
  searchTerm: string;
  categories: string[];
  tags: string[];
}

export const EMPTY_FILTERS: BlogFilters = { searchTerm: '', categories: [], tags: [] };

const MAX_SEARCH_LENGTH = 200;

function unique(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))];
}

export function parseBlogFilters(params: URLSearchParams): BlogFilters {
  return {
    searchTerm: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    categories: unique(params.getAll('category')),
    tags: unique(params.getAll('tag')),
  };
}

/** The query string for a filter state ('' when nothing is filtered). */
export function blogFiltersToSearch(filters: BlogFilters): string {
  const params = new URLSearchParams();
  if (filters.searchTerm) params.set('q', filters.searchTerm);
  for (const category of filters.categories) params.append('category', category);
  for (const tag of filters.tags) params.append('tag', tag);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function hasActiveFilters(filters: BlogFilters): boolean {
  return Boolean(filters.searchTerm) || filters.categories.length > 0 || filters.tags.length > 0;
}

export function toggle(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
}

export function newestFirst<T extends Pick<BlogPostSummary, 'date' | 'id'>>(
  posts: readonly T[],
): T[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}

/**
 * Spec section 4: search is a case-insensitive match on title or excerpt;
 * categories match any selected; a post matches tags if it has any selected
 * tag; newest first.
 */
export function filterPosts<T extends BlogPostSummary>(
  posts: readonly T[],
  filters: BlogFilters,
): T[] {
  const term = filters.searchTerm.toLowerCase();
  return newestFirst(
    posts.filter(
      (post) =>
        (!term ||
          post.title.toLowerCase().includes(term) ||
          post.excerpt.toLowerCase().includes(term)) &&
        (filters.categories.length === 0 || filters.categories.includes(post.category)) &&
        (filters.tags.length === 0 || post.tags.some((tag) => filters.tags.includes(tag))),
    ),
  );
}

/** Category options, derived from all posts. */
export function categoriesOf(posts: readonly BlogPostSummary[]): string[] {
  return [...new Set(posts.map((post) => post.category))].sort((a, b) => a.localeCompare(b));
}

/** Tag options, derived from all posts. */
export function tagsOf(posts: readonly BlogPostSummary[]): string[] {
  return [...new Set(posts.flatMap((post) => post.tags))].sort((a, b) => a.localeCompare(b));
}

/** Spec section 4: same category first, filled with the newest posts of other categories. */
export function relatedPosts<T extends BlogPostSummary>(
  post: BlogPostSummary,
  posts: readonly T[],
  max = 3,
): T[] {
  const others = newestFirst(posts.filter((candidate) => candidate.slug !== post.slug));
  const sameCategory = others.filter((candidate) => candidate.category === post.category);
  const otherCategories = others.filter((candidate) => candidate.category !== post.category);
  return [...sameCategory, ...otherCategories].slice(0, max);
}
