/**
 * The JavaScript a page makes the browser load before any interaction (issue 13,
 * budget 3): the inline scripts (Remix's context and loader data), every
 * <script src>, every <link rel="modulepreload">, the imports of the inline module
 * scripts, and, followed recursively, every static import of those files. JSON-LD
 * blocks are data, not scripts; dynamic import() targets load on demand. Sizes
 * are each script gzip-compressed (zlib's default level, as Vite reports them),
 * fetched from the running server, so the figure is the built site's, not a guess
 * from the sources.
 */
import { gzipSync } from 'node:zlib';

export interface PageJavaScript {
  path: string;
  /** Each script's address and gzip size in bytes, in discovery order. */
  files: { url: string; gzipBytes: number }[];
  gzipBytes: number;
}

const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]+)"[^>]*>/gi;
const MODULEPRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>/gi;
const INLINE_SCRIPT =
  /<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/gi;
// `import x from "y"`, `import "y"`, `export * from "y"` (minified or not); not `import("y")`.
const STATIC_IMPORT =
  /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;

function matchesOf(pattern: RegExp, text: string): string[] {
  return [...text.matchAll(pattern)].map((match) => match[1]!);
}

/** Static import specifiers of a module's source that point at files (relative or absolute). */
function staticImportsOf(source: string): string[] {
  return matchesOf(STATIC_IMPORT, source).filter(
    (specifier) =>
      specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/'),
  );
}

/** Script addresses a document loads up front, as written in its HTML. */
function scriptsInHtml(html: string): string[] {
  const inline = matchesOf(INLINE_SCRIPT, html).flatMap(staticImportsOf);
  return [...matchesOf(SCRIPT_SRC, html), ...matchesOf(MODULEPRELOAD, html), ...inline];
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

/** Fetches `path` from the server at `baseUrl` and weighs the JavaScript it loads up front. */
export async function measurePageJavaScript(
  baseUrl: string,
  path: string,
): Promise<PageJavaScript> {
  const pageUrl = new URL(path, baseUrl);
  const html = await fetchText(pageUrl.href);
  const queue = scriptsInHtml(html).map((src) => new URL(src, pageUrl).href);
  const seen = new Set<string>();
  const files: PageJavaScript['files'] = matchesOf(INLINE_SCRIPT, html)
    .filter((source) => source.trim() !== '')
    .map((source, index) => ({
      url: `inline script ${index + 1}`,
      gzipBytes: gzipSync(source).length,
    }));
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const source = await fetchText(url);
    files.push({ url, gzipBytes: gzipSync(source).length });
    for (const specifier of staticImportsOf(source)) queue.push(new URL(specifier, url).href);
  }
  return { path, files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
