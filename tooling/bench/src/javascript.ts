/**
 * Section 2: the JavaScript pages load before any interaction, gzip.
 *
 * Marketing pages: the measurement of the marketing e2e test
 * (tooling/e2e/src/page-javascript.ts: inline scripts, every script and
 * modulepreload, their static imports followed, each gzipped), imported as is.
 *
 * Console: the method of apps/admin/e2e/performance.e2e.ts: Chromium signs in,
 * opens /admin and waits until the waitlist shows a row and the network is idle;
 * every .js the page fetched from the console's origin, gzipped, is the first load.
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser, measurePageJavaScript } from '@repo/e2e';
import { onCleanup } from './cleanup';
import { log } from './log';
import type { StaffSession } from './stack';
import { absoluteRow, formatKb, KB, type Row } from './table';

/** The pages and budgets of apps/marketing/e2e/performance.e2e.ts. */
const CONTENT_PAGES = ['/', '/features', '/benefits', '/pricing', '/blog', '/about', '/docs'];
const FORM_PAGES = ['/beta', '/contact', '/beta-feedback'];
const CONTENT_BUDGET = 100 * KB;
const FORM_BUDGET = 120 * KB;
const CONSOLE_BUDGET = 150 * KB;

export async function marketingJavaScriptRows(baseUrl: string, postPath: string): Promise<Row[]> {
  const pages = [
    ...CONTENT_PAGES.map((path) => ({ path, budget: CONTENT_BUDGET, kind: 'content' })),
    { path: postPath, budget: CONTENT_BUDGET, kind: 'content' },
    ...FORM_PAGES.map((path) => ({ path, budget: FORM_BUDGET, kind: 'form' })),
  ];
  const rows: Row[] = [];
  for (const { path, budget, kind } of pages) {
    const measured = await measurePageJavaScript(baseUrl, path);
    rows.push(
      absoluteRow({
        section: 'JS (gzip)',
        figure: `${path} before interaction`,
        value: `${formatKb(measured.gzipBytes)} in ${measured.files.length} scripts`,
        budget: `≤ ${budget / KB} KB (${kind} page)`,
        ok: measured.gzipBytes <= budget,
      }),
    );
  }
  return rows;
}

export async function consoleFirstLoadRow(
  adminUrl: string,
  session: StaffSession,
  /** An address on the waitlist: its row showing means the tab has loaded. */
  email: string,
): Promise<Row> {
  const browser = await launchBrowser();
  const closeBrowser = onCleanup('Chromium (console)', () => browser.close());
  try {
    const context = await browser.newContext({ baseURL: adminUrl });
    // The production cookie is Secure and __Host-: Chromium keeps it for 127.0.0.1.
    await context.addCookies([
      {
        name: session.name,
        value: session.value,
        domain: new URL(adminUrl).hostname,
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
      },
    ]);
    const page = await context.newPage();
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (!/\.js$/.test(new URL(response.url()).pathname)) return;
      scripts.set(
        response.url(),
        response.text().then((text) => gzipSync(text).length),
      );
    });
    await page.goto('/admin');
    await page.getByRole('cell', { name: email }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    // The console frames the site's analytics opt-out page, hidden (issue 12): the
    // site's scripts in that frame are the site's, reported beside the console's own.
    const consoleOrigin = new URL(adminUrl).origin;
    const own = { bytes: 0, files: 0 };
    const framed = { bytes: 0, files: 0 };
    const sizes: { name: string; size: number }[] = [];
    for (const [url, size] of scripts) {
      const bytes = await size;
      const bucket = new URL(url).origin === consoleOrigin ? own : framed;
      bucket.bytes += bytes;
      bucket.files += 1;
      if (bucket === own)
        sizes.push({ name: new URL(url).pathname.split('/').pop()!, size: bytes });
    }
    const largest = sizes.sort((a, b) => b.size - a.size).slice(0, 4);
    log(
      `console first load: largest scripts ${largest.map(({ name, size }) => `${name} ${formatKb(size)}`).join(', ')}`,
    );
    const frameNote =
      framed.files > 0
        ? `; the hidden opt-out frame adds ${formatKb(framed.bytes)} in ${framed.files} site scripts`
        : '';
    return absoluteRow({
      section: 'JS (gzip)',
      figure: 'console first load (/admin, waitlist shown)',
      value: `${formatKb(own.bytes)} in ${own.files} scripts${frameNote}`,
      budget: `≤ ${CONSOLE_BUDGET / KB} KB`,
      ok: own.bytes <= CONSOLE_BUDGET,
    });
  } finally {
    await closeBrowser();
  }
}
