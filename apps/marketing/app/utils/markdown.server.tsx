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

export function renderMarkdown(markdown: string): string {
  return renderToStaticMarkup(
    <Markdown skipHtml components={components}>
      {markdown}
    </Markdown>,
  );
}
