/**
 * The floor of the paint figures (issue 22): a bare server-rendered HTML page with
 * inline CSS and no script, holding the same kind of hero as the home page (a
 * heading and a paragraph of the same length, the system font stack). Lighthouse
 * loads it beside the site's pages, in the same rounds, so each page's LCP can be
 * read as a ratio to what the simulated phone and link allow at best.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onCleanup } from './cleanup';

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bare page: the paint floor of pnpm bench</title>
<meta name="description" content="A page with inline CSS and no script, the baseline of the Lighthouse figures.">
<style>
body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;color:#0f172a;background:#fff;line-height:1.5}
main{max-width:72rem;margin:0 auto;padding:4rem 1rem}
p.tag{display:inline-flex;border:1px solid #c7d2fe;border-radius:9999px;padding:.25rem .75rem;font-size:.875rem;color:#4f46e5}
h1{margin-top:1.5rem;font-size:2.25rem;line-height:2.5rem;font-weight:700;letter-spacing:-.025em}
h1 span{color:#4f46e5}
p.lead{margin-top:1.5rem;max-width:36rem;font-size:1.125rem;color:#475569}
</style>
</head>
<body>
<main>
<p class="tag">Private beta · Public launch soon</p>
<h1>Turn ideas into publish-ready, <span>SEO-optimised</span> content</h1>
<p class="lead">Wordloom researches, outlines and drafts blog posts, social posts, emails and video scripts in your brand voice, then keeps them in one library you can reuse.</p>
</main>
</body>
</html>
`;

/** Serves the bare page on a free loopback port until the bench cleans up; resolves to its URL. */
export async function startBarePage(): Promise<string> {
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-length': Buffer.byteLength(HTML),
      })
      .end(HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(
    'bare page server',
    () => new Promise<void>((resolve) => server.close(() => resolve())),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}
