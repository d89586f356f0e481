import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  type AppLoadContext,
  createReadableStreamFromReadable,
  type EntryContext,
} from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { ArticleHtmlProvider } from '~/components/blog/article-html';
import { documentCacheControl } from '~/utils/cache-control';
import { frameAncestorsOf } from '~/utils/console-frame.server';
import { contentSecurityPolicy, NonceProvider } from '~/utils/content-security-policy';
import { StylesheetProvider } from '~/utils/inline-stylesheet';
import stylesheet from './tailwind.css?inline';

// Issue 23: server/serve.js drops its rendered pages when the blog changed
// (build.entry.module.onPostsChanged).
export { onPostsChanged } from '~/utils/posts.server';

const ABORT_DELAY_MS = 5_000;

/**
 * Renders the whole document before sending it (no loader defers, so nothing
 * is gained by streaming the shell early, and crawlers get complete HTML), and
 * adds Cache-Control a CDN can use to public pages, and a Content-Security-Policy
 * whose nonce (new for every page) only this page's own scripts carry. The Vite
 * dev server gets no policy: its HMR client injects scripts and opens a websocket.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    const nonce = randomBytes(16).toString('base64');
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={stylesheet}>
          <ArticleHtmlProvider value={loadContext.articleHtml}>
            <RemixServer
              context={remixContext}
              url={request.url}
              abortDelay={ABORT_DELAY_MS}
              nonce={nonce}
            />
          </ArticleHtmlProvider>
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (!responseHeaders.has('Cache-Control')) {
            responseHeaders.set('Cache-Control', documentCacheControl(statusCode));
          }
          if (!import.meta.env.DEV) {
            responseHeaders.set(
              'Content-Security-Policy',
              contentSecurityPolicy(nonce, frameAncestorsOf(remixContext)),
            );
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: statusCode,
            }),
          );
          pipe(body);
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
