import { useNavigate } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { useArticleHtml } from './article-html';

/**
 * The post body, rendered from markdown on the server. Links starting with '/'
 * navigate within the app instead of reloading the page (spec section 2).
 */
export function PostContent({ slug, html: htmlFromData }: { slug: string; html: string | null }) {
  const navigate = useNavigate();
  const html = useArticleHtml(slug, htmlFromData);
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element).closest('a[data-internal-link]');
    const href = link?.getAttribute('href');
    if (!href) return;
    event.preventDefault();
    navigate(href);
  }
  return (
    // The click handler only enhances the links inside; the content itself is not interactive.
    <div
      className="post-content"
      data-post-content=""
      onClick={onClick}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
