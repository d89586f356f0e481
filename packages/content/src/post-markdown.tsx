import Markdown, { type Components } from 'react-markdown';
import rehypeSlug from 'rehype-slug';
import { postImageAttributes } from './post-images';

/*
 * A post's markdown, rendered the one way the site and the console's live
 * preview both use (issue 23: what staff see is what visitors get). Raw HTML in
 * a post is dropped (skipHtml) and only the safe URL schemes are kept
 * (safeUrl). Headings get ids (rehype-slug), which the SEO checks' anchors
 * match (seo-checks.ts uses the same slugger).
 */

/** A path on this site: one slash, not two (`//host` and `/\host` are other hosts). */
const isInternalPath = (url: string) => /^\/(?![/\\])/.test(url);

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * Links and images keep an address without a scheme (a path, a fragment) or
 * with http, https or mailto; any other (`javascript:`, `vbscript:`, `data:`),
 * however cased or entity-encoded, becomes empty. The parser has already
 * percent-encoded whitespace and control characters in an address, so a
 * scheme can only be at its very start.
 */
function safeUrl(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  if (scheme === undefined) return url;
  return SAFE_SCHEMES.has(scheme.toLowerCase()) ? url : '';
}

const components: Components = {
  // The post title is the page's h1; headings inside a post start at h2.
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  a: ({ node: _node, href = '', ...props }) =>
    isInternalPath(href) ? (
      // Internal links are taken over by the router in the browser (the site's PostContent).
      <a href={href} data-internal-link="" {...props} />
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer" {...props} />
    ),
  // An uploaded image (issue 23) gets its sizes and its width and height from its
  // address, so the text below it does not move while it loads.
  img: ({ node: _node, alt = '', src, ...props }) => {
    const uploaded = typeof src === 'string' ? postImageAttributes(src) : undefined;
    return <img alt={alt} loading="lazy" decoding="async" src={src} {...props} {...uploaded} />;
  },
};

/** A post's body as React elements. */
export function PostMarkdown({ markdown }: { markdown: string }) {
  return (
    <Markdown skipHtml rehypePlugins={[rehypeSlug]} urlTransform={safeUrl} components={components}>
      {markdown}
    </Markdown>
  );
}
