import type { AppLoadContext } from '@remix-run/node';
import { PostMarkdown } from '@repo/content';
import { renderToStaticMarkup } from 'react-dom/server';

// Markdown is rendered on the server only, so react-markdown and its parser
// never ship to the browser (the pipeline itself is @repo/content's, shared with
// the console's live preview).

/** Posts rendered so far, by their markdown: a post page does not parse its text on every request. */
const rendered = new Map<string, string>();
const MAX_RENDERED = 100;

function renderMarkdown(markdown: string): string {
  const cached = rendered.get(markdown);
  if (cached !== undefined) return cached;
  const html = renderToStaticMarkup(<PostMarkdown markdown={markdown} />);
  // More distinct texts than the blog has posts means edits piled up: start again.
  if (rendered.size >= MAX_RENDERED) rendered.clear();
  rendered.set(markdown, html);
  return html;
}

const MISSING_CONTENT = 'The full article is on its way. Check back soon.';

/**
 * A post's page data without its markdown: the text travels once, as HTML (the
 * source stays on the server), in a document's markup or, for a client
 * navigation, as data (see article-html.ts). The post page and its preview use it.
 */
export function renderArticle<P extends { content?: string }>(
  found: P,
  context: AppLoadContext,
): { post: Omit<P, 'content'>; html: string | null } {
  const { content, ...post } = found;
  const html = renderMarkdown(content?.trim() ? content : MISSING_CONTENT);
  if (context.documentRequest) context.articleHtml = html;
  return { post, html: context.documentRequest ? null : html };
}
