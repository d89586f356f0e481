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
img{display:block;margin-top:2rem;width:100%;height:auto;border-radius:.75rem}
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

/** A photo the bare page shows too: the `<img>` element as a page has it, and its files. */
export interface BarePhoto {
  /** The element, its `src` and `srcset` pointing at `/photo/<n>`. */
  element: string;
  files: { body: Buffer; type: string }[];
}

/**
 * The page's high-priority `<img>`. A post published a moment ago reaches the site within
 * its revalidation (about a second, docs/publishing.md), so the page is asked again until
 * then: once, the bench read it first and stopped with no floor for the photo post.
 */
async function highPriorityImageOf(pageUrl: string, waitMs = 15_000): Promise<string> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const html = await (await fetch(pageUrl)).text();
    const element = /<img\b[^>]*fetchpriority="high"[^>]*>/.exec(html)?.[0];
    if (element) return element;
    if (Date.now() > deadline) throw new Error(`${pageUrl}: no high-priority image`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The photo of a page whose largest paint is one (an uploaded post's), for a floor of its
 * own (issue 32): a text page is painted with the document, a photo needs its own
 * request, so the post is compared with the bare page holding the same `<img>` (the
 * same files, from the bare page's own server, as the post has them from its own).
 */
export async function barePhotoOf(pageUrl: string): Promise<BarePhoto> {
  const element = await highPriorityImageOf(pageUrl);
  const urls: string[] = [];
  const local = (url: string) => {
    const decoded = url.replace(/&amp;/g, '&');
    let index = urls.indexOf(decoded);
    if (index === -1) index = urls.push(decoded) - 1;
    return `/photo/${index}`;
  };
  const rewritten = element
    .replace(/\ssrc="([^"]+)"/, (_all, url: string) => ` src="${local(url)}"`)
    .replace(/\ssrcSet="([^"]+)"|\ssrcset="([^"]+)"/i, (_all, a?: string, b?: string) => {
      const list = (a ?? b)!
        .split(',')
        .map((candidate) => candidate.trim().split(/\s+/))
        .map(([url, descriptor]) => `${local(url!)}${descriptor ? ` ${descriptor}` : ''}`);
      return ` srcset="${list.join(', ')}"`;
    });
  const files = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(new URL(url, pageUrl));
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return {
        body: Buffer.from(await response.arrayBuffer()),
        type: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    }),
  );
  return { element: rewritten, files };
}

/**
 * Serves the bare page on a free loopback port until the bench cleans up; resolves to its
 * URL. With a photo, `/photo` is the same page with the photo after the paragraph.
 */
export async function startBarePage(photo?: BarePhoto): Promise<string> {
  const withPhoto = photo && HTML.replace('</p>\n</main>', `</p>\n${photo.element}\n</main>`);
  const server = createServer((request, response) => {
    const file = /^\/photo\/(\d+)$/.exec(request.url ?? '');
    const body = request.url === '/' ? HTML : request.url === '/photo' ? withPhoto : undefined;
    if (file && photo?.files[Number(file[1])]) {
      const { body: bytes, type } = photo.files[Number(file[1])]!;
      response.writeHead(200, { 'content-type': type, 'content-length': bytes.length }).end(bytes);
      return;
    }
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-length': Buffer.byteLength(body),
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(
    'bare page server',
    () => new Promise<void>((resolve) => server.close(() => resolve())),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}
