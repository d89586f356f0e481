import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of the site's pages. Scripts run only from this origin
 * or, inline, when their text is one the app itself rendered into the page (its hash is
 * in the policy, see inlineScriptCollector): Remix's hydration scripts, the scroll
 * restoration, the held-scripts loader and the module script it starts. Hashes rather
 * than a nonce (issue 22): a page's policy then follows from what it renders, so the
 * page cache keeps each page compressed once at brotli's
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

/** A CSP hash source of a script's text: the hash is of its bytes between the tags, as sent. */
function sha256Source(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/**
 * The inline scripts of one render (issue 31): each component that emits one records its
 * text as it renders (utils/own-scripts.tsx, held-scripts.tsx), and entry.server.tsx the
 * single-fetch data scripts (handoffStreamScripts). The page's policy names these and
 * nothing else: the finished HTML is never searched for scripts, so one that an
 * HTML-injection bug put into the page has no hash in the policy and does not run.
 */
export function inlineScriptCollector() {
  const hashes = new Set<string>();
  return {
    record(text: string) {
      hashes.add(sha256Source(text));
    },
    /** The hash sources recorded so far, in order, without repeats. */
    hashes(): string[] {
      return [...hashes];
    },
  };
}

/** Remix's escapeHtml (markup.ts): what its data scripts do to JSON so that it cannot close the element. */
const HTML_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * The inline scripts that carry the single-fetch data (the turbo-stream of the loaders'
 * data) into the page, when the stream is handed over as one chunk holding `text`:
 * Remix 2's StreamTransfer (single-fetch.tsx) writes one `enqueue` script per chunk it
 * reads and then a `close` one. entry.server.tsx reads the stream whole before rendering,
 * so the text, and with it these scripts, are known before the page exists. A change of
 * that format in a Remix upgrade shows as a refused script in the browser tests.
 */
export function handoffStreamScripts(text: string): string[] {
  const enqueue = `window.__remixContext.streamController.enqueue(${JSON.stringify(text).replace(
    /[&><\u2028\u2029]/g,
    (character) => HTML_ESCAPES[character]!,
  )});`;
  return [...(text === '' ? [] : [enqueue]), 'window.__remixContext.streamController.close();'];
}

/**
 * Reads the single-fetch stream whole (no loader defers, so it ends with the loaders'
 * data) and hands Remix a stream of one chunk with the same bytes, and the text that
 * chunk decodes to.
 */
export async function bufferHandoffStream(
  stream: ReadableStream<Uint8Array>,
): Promise<{ stream: ReadableStream<Uint8Array>; text: string }> {
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return {
    stream: new ReadableStream<Uint8Array>({
      start(controller) {
        if (bytes.length > 0) controller.enqueue(bytes);
        controller.close();
      },
    }),
    text: new TextDecoder().decode(bytes),
  };
}
