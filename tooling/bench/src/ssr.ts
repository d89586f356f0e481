/**
 * Section 3: server rendering of the marketing site. Each page is loaded with
 * autocannon from a marketing server, and so is the same HTML saved as a file
 * under build/client, which the same server sends through its static-file
 * middleware (the baseline: what that server does without rendering). Twice:
 * on a server with the page cache off (MARKETING_PAGE_CACHE=0: every request
 * renders) and on the stack's, with the cache on (the production default).
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startAppServer } from '@repo/e2e';
import { onCleanup } from './cleanup';
import { describeLoad, load, type LoadResult, type LoadSettings } from './http';
import { log } from './log';
import { repoRoot } from './stack';
import { absoluteRow, ratioRow, type Row } from './table';

const STATIC_DIR = path.join(repoRoot, 'apps', 'marketing', 'build', 'client');

/** Writes `html` where the server serves static files: its path on the site, and its removal. */
function saveAsStaticFile(html: string): { path: string; remove: () => Promise<void> } {
  const name = `__bench-${randomBytes(6).toString('hex')}.html`;
  const file = path.join(STATIC_DIR, name);
  writeFileSync(file, html);
  return {
    path: `/${name}`,
    remove: onCleanup(`remove ${name}`, () => rmSync(file, { force: true })),
  };
}

async function measurePage(
  serverUrl: string,
  pagePath: string,
  cached: boolean,
  settings: LoadSettings,
): Promise<Row[]> {
  const html = await (await fetch(new URL(pagePath, serverUrl))).text();
  const cacheState = (await fetch(new URL(pagePath, serverUrl))).headers.get('x-cache');
  if (cached !== (cacheState === 'HIT')) {
    throw new Error(
      `${pagePath}: x-cache ${cacheState ?? 'absent'} on the ${cached ? 'cached' : 'uncached'} server`,
    );
  }
  const label = cached ? 'cached' : 'uncached';
  log(`ssr ${pagePath} ${label}: static copy`);
  const staticCopy = saveAsStaticFile(html);
  let file: LoadResult;
  try {
    file = await load({ url: new URL(staticCopy.path, serverUrl).href }, settings);
  } finally {
    await staticCopy.remove();
  }
  log(`ssr ${pagePath} ${label}: rendered`);
  const page = await load({ url: new URL(pagePath, serverUrl).href }, settings);
  const rows = [
    ratioRow({
      section: 'SSR',
      figure: `GET ${pagePath}, page cache ${cached ? 'on' : 'off'}`,
      value: page.okPerSecond,
      baseline: file.okPerSecond,
      minRatio: cached ? 0.5 : 0.05,
      unit: 'req/s',
      valueNote: describeLoad(page),
      baselineLabel: `same HTML as a static file, ${describeLoad(file)}`,
    }),
  ];
  if (cached) {
    rows.push(
      absoluteRow({
        section: 'SSR',
        figure: `GET ${pagePath}, page cache on: p99`,
        value: `${Math.round(page.p99Ms)} ms`,
        budget: '≤ 100 ms',
        ok: page.p99Ms <= 100,
        baseline: `static file p99 ${Math.round(file.p99Ms)} ms`,
      }),
    );
  }
  return rows;
}

export async function ssrSection(options: {
  cachedServerUrl: string;
  apiUrl: string;
  pages: string[];
  settings: LoadSettings;
}): Promise<Row[]> {
  const uncached = await startAppServer('marketing', {
    API_URL: options.apiUrl,
    MARKETING_PAGE_CACHE: '0',
  });
  const stopUncached = onCleanup('marketing server (page cache off)', () => uncached.stop());
  const rows: Row[] = [];
  try {
    for (const pagePath of options.pages) {
      rows.push(...(await measurePage(uncached.url, pagePath, false, options.settings)));
    }
  } finally {
    await stopUncached();
  }
  for (const pagePath of options.pages) {
    rows.push(...(await measurePage(options.cachedServerUrl, pagePath, true, options.settings)));
  }
  return rows;
}
