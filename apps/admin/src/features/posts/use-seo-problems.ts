import { checkPost } from '@repo/content/seo-checks';
import { SITE_PAGE_PATHS } from '@repo/content/site-pages';
import { useDeferredValue, useMemo } from 'react';
import type { PostFormValues } from './post-form';
import type { SeoProblem } from './seo-panel';

const SITE_PAGES: ReadonlySet<string> = new Set(SITE_PAGE_PATHS);

/**
 * The post's SEO problems as staff type (issue 23), by the API's own checks
 * (`checkPost` of @repo/content): an internal link resolves to one of the
 * site's pages or a published post's address. Undefined until the posts are
 * known (a link to a post would read as broken before). Checked on a deferred
 * copy of the form, so typing stays quick.
 */
export function useSeoProblems(
  form: PostFormValues,
  publishedPaths: ReadonlySet<string> | undefined,
): SeoProblem[] | undefined {
  const { title, slug, excerpt, content } = useDeferredValue(form);
  return useMemo(() => {
    if (!publishedPaths) return undefined;
    return checkPost(
      { title, slug, excerpt, content },
      { pathExists: (path) => SITE_PAGES.has(path) || publishedPaths.has(path) },
    );
  }, [title, slug, excerpt, content, publishedPaths]);
}
