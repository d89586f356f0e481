import { PAGE_SIZE_MAX } from '@repo/validation';
import { useMemo } from 'react';
import { useApiQuery } from '@/lib/use-api-query';
import { QUERY_PATHS } from '@/lib/query-paths';

/**
 * What the console knows of all posts at once: their categories (the list's
 * filter, the editor's suggestions) and the published ones' addresses on the
 * site (the SEO check of internal links). Read from the list's first 100 posts
 * (its largest page), newest edits first: enough for a one-team blog.
 */
export function usePostCatalogue() {
  const query = useApiQuery(QUERY_PATHS.posts, { pageSize: PAGE_SIZE_MAX });
  const items = query.data?.items;
  return useMemo(() => {
    const posts = items ?? [];
    const categories = [...new Set(posts.map((post) => post.category))].sort((a, b) =>
      a.localeCompare(b),
    );
    const publishedPaths = new Set(
      posts.filter((post) => post.status === 'published').map((post) => `/blog/${post.slug}`),
    );
    return { categories, publishedPaths: items === undefined ? undefined : publishedPaths };
  }, [items]);
}
