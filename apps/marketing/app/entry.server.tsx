import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { ArticleHtmlProvider } from '~/components/blog/article-html';
import { documentCacheControl } from '~/utils/cache-control';
import { frameAncestorsOf } from '~/utils/console-frame.server';
import { holdScripts } from '~/utils/held-scripts.server';
import { inlineLcpImage } from '~/utils/inline-lcp-image.server';
import {
  bufferHandoffStream,
  contentSecurityPolicy,
  handoffStreamScripts,
  inlineScriptCollector,
} from '~/utils/content-security-policy.server';
import { StylesheetProvider } from '~/utils/inline-stylesheet';
import { InlineScriptRecorderProvider } from '~/utils/own-scripts';
import { siteStylesheet } from '~/utils/site-stylesheet.server';
import stylesheet from './tailwind.css?inline';

// Issue 23: server/serve.js drops its rendered pages when the blog changed
// (build.entry.module.onPostsChanged).
export { onPostsChanged } from '~/utils/posts.server';

const ABORT_DELAY_MS = 5_000;

// Issue 22: each document carries the rules its own elements use. The page renders
// with placeholders in its <style>, replaced once the document is whole: the rules,
// and the name of the rest of the sheet for them (issue 32).
const CSS_PLACEHOLDER = '/*critical-css*/';
const REST_PLACEHOLDER = 'x-rest-of-the-sheet';
const STYLESHEET_PLACEHOLDERS = { css: CSS_PLACEHOLDER, rest: REST_PLACEHOLDER };

/** `promise`, or a rejection once the render's own time is up (a loader's promise that never settles). */
function withDeadline<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error("the loaders' data did not end in time")),
      ABORT_DELAY_MS,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Renders the whole document before sending it (no loader defers, so nothing
 * is gained by streaming the shell early, and crawlers get complete HTML), and
 * adds Cache-Control a CDN can use to public pages, and a Content-Security-Policy
 * that lets run, of the inline scripts, only those the app rendered (their hashes,
 * recorded as they render: utils/own-scripts.tsx). The Vite dev server gets no
 * policy: its HMR client injects scripts and opens a websocket.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const inlineScripts = inlineScriptCollector();
  // The loaders' data reaches the page in inline scripts too (single fetch): read whole
  // first, so that their text is known before the page renders.
  if (remixContext.serverHandoffStream) {
    const handoff = await withDeadline(bufferHandoffStream(remixContext.serverHandoffStream));
    remixContext.serverHandoffStream = handoff.stream;
    for (const script of handoffStreamScripts(handoff.text)) inlineScripts.record(script);
  }
  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <InlineScriptRecorderProvider value={inlineScripts.record}>
        <StylesheetProvider value={STYLESHEET_PLACEHOLDERS}>
          <ArticleHtmlProvider value={loadContext.articleHtml}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
          </ArticleHtmlProvider>
        </StylesheetProvider>
      </InlineScriptRecorderProvider>,
      {
        onAllReady() {
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (!responseHeaders.has('Cache-Control')) {
            responseHeaders.set('Cache-Control', documentCacheControl(statusCode));
          }
          // The document is whole (nothing defers), so it is read into one string, given
          // the CSS its elements use, and its scripts are held until the first paint
          // (issue 22, utils/held-scripts.tsx); the Vite dev server keeps the whole sheet
          // and its scripts as they are, for its own module loading.
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer | string, _encoding, done) {
              chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
              done();
            },
            final(done) {
              const rendered = Buffer.concat(chunks).toString('utf8');
              // The dev server's documents carry the whole sheet and name no rest.
              const { css, rest } = import.meta.env.DEV
                ? { css: stylesheet, rest: undefined }
                : siteStylesheet.pick(rendered);
              const html = rendered
                .replace(CSS_PLACEHOLDER, () => css)
                .replace(` data-rest="${REST_PLACEHOLDER}"`, rest ? ` data-rest="${rest}"` : '');
              if (import.meta.env.DEV) {
                resolve(new Response(html, { headers: responseHeaders, status: statusCode }));
                return done();
              }
              const page = holdScripts(inlineLcpImage(html));
              responseHeaders.set(
                'Content-Security-Policy',
                contentSecurityPolicy(inlineScripts.hashes(), frameAncestorsOf(remixContext)),
              );
              resolve(new Response(page, { headers: responseHeaders, status: statusCode }));
              done();
            },
          });
          pipe(sink);
        },
        onShellError: reject,
        onError(error) {
          statusCode = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS);
  });
}
