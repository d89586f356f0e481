import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of the site's pages. Scripts run only from this origin
 * or, inline, when their text is one the page's own (its hash is in the policy):
 * Remix's hydration scripts, the scroll restoration, the held-scripts loader and the
 * module script it starts. Hashes rather than a nonce (issue 22): a page's policy then
 * follows from its body, so the page cache keeps each page compressed once at brotli's
 * highest quality instead of splicing a new nonce into every answer and compressing it
 * again. No 'strict-dynamic': Remix 2 renders its <link rel="modulepreload"> tags
 * without a nonce or hash, and under 'strict-dynamic' those would be refused. Inline
 * styles stay allowed (Radix and the toast library set style attributes).
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[],
  frameAncestors = "'none'",
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Script types that are data, which script-src does not govern (JSON-LD, say). */
const DATA_SCRIPT = /^\s*application\/(?:[\w.+-]+\+)?json\s*$/i;

/**
 * The CSP hash sources (`sha256-…`) of every inline script in a rendered document, in
 * order, without repeats. A script's text is raw text in HTML (no character references
 * are decoded in it), so the hash is of the bytes between its tags. Scripts with a src
 * are covered by 'self'; data blocks by nothing, as they never run.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
  )) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    if (type && DATA_SCRIPT.test(type[1] ?? type[2] ?? type[3] ?? '')) continue;
    hashes.add(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}
