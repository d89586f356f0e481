import { createContext, useContext } from 'react';

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Set by the production server: a document request, not a client navigation's data request. */
    documentRequest?: boolean;
    /** The article of the post page being rendered as a document, for PostContent on the server. */
    articleHtml?: string;
  }
}

/**
 * A post's text travels once (issue 13). A document carries it in its markup, so
 * its loader data leaves it out (`html: null`) and PostContent renders it from
 * this context on the server (entry.server.tsx provides it) and, in the browser,
 * adopts the markup the server sent. Client navigations get it as data.
 */
const ArticleHtmlContext = createContext<string | undefined>(undefined);

export const ArticleHtmlProvider = ArticleHtmlContext.Provider;

/** Articles shown in this page's life, by slug: a remount (say, an interrupted navigation) shows them again. */
const shown = new Map<string, string>();

export function useArticleHtml(slug: string, html: string | null): string {
  const serverHtml = useContext(ArticleHtmlContext);
  if (html !== null) {
    shown.set(slug, html);
    return html;
  }
  if (serverHtml !== undefined) return serverHtml;
  let kept = shown.get(slug);
  if (kept === undefined && typeof document !== 'undefined') {
    // Hydrating the document: the server's markup is the article.
    kept = document.querySelector('[data-post-content]')?.innerHTML;
    if (kept !== undefined) shown.set(slug, kept);
  }
  return kept ?? '';
}
