import { renderToStaticMarkup } from 'react-dom/server';
import Markdown, { type Components } from 'react-markdown';

// Markdown is rendered on the server only, so react-markdown and its parser
// never ship to the browser; raw HTML in a post is dropped (skipHtml).
const components: Components = {
  // The post title is the page's h1; headings inside a post start at h2.
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  a: ({ node: _node, href = '', ...props }) =>
    href.startsWith('/') ? (
      // Internal links are taken over by the router in the browser (see PostContent).
      <a href={href} data-internal-link="" {...props} />
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer" {...props} />
    ),
  img: ({ node: _node, alt = '', ...props }) => (
    <img alt={alt} loading="lazy" decoding="async" {...props} />
  ),
};

/** Posts rendered so far, by their markdown: a post page does not parse its text on every request. */
const rendered = new Map<string, string>();
const MAX_RENDERED = 100;

export function renderMarkdown(markdown: string): string {
  const cached = rendered.get(markdown);
  if (cached !== undefined) return cached;
  const html = renderToStaticMarkup(
    <Markdown skipHtml components={components}>
      {markdown}
    </Markdown>,
  );
  // More distinct texts than the blog has posts means edits piled up: start again.
  if (rendered.size >= MAX_RENDERED) rendered.clear();
  rendered.set(markdown, html);
  return html;
}
