import Markdown, { type Components } from 'react-markdown';

/*
 * A post's markdown, rendered the one way the site and the console's live
 * preview both use (issue 23: what staff see is what visitors get). Raw HTML in
 * a post is dropped (skipHtml) and react-markdown's default URL transform
 * empties `javascript:`, `vbscript:` and `data:` addresses.
 */
const components: Components = {
  // The post title is the page's h1; headings inside a post start at h2.
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  a: ({ node: _node, href = '', ...props }) =>
    href.startsWith('/') ? (
      // Internal links are taken over by the router in the browser (the site's PostContent).
      <a href={href} data-internal-link="" {...props} />
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer" {...props} />
    ),
  img: ({ node: _node, alt = '', ...props }) => (
    <img alt={alt} loading="lazy" decoding="async" {...props} />
  ),
};

/** A post's body as React elements. */
export function PostMarkdown({ markdown }: { markdown: string }) {
  return (
    <Markdown skipHtml components={components}>
      {markdown}
    </Markdown>
  );
}
