import { PostMarkdown } from '@repo/content';
import { renderToStaticMarkup } from 'react-dom/server';

// Markdown is rendered on the server only, so react-markdown and its parser
// never ship to the browser (the pipeline itself is @repo/content's, shared with
// the console's live preview).

/** Posts rendered so far, by their markdown: a post page does not parse its text on every request. */
const rendered = new Map<string, string>();
const MAX_RENDERED = 100;

export function renderMarkdown(markdown: string): string {
  const cached = rendered.get(markdown);
  if (cached !== undefined) return cached;
  const html = renderToStaticMarkup(<PostMarkdown markdown={markdown} />);
  // More distinct texts than the blog has posts means edits piled up: start again.
  if (rendered.size >= MAX_RENDERED) rendered.clear();
  rendered.set(markdown, html);
  return html;
}
