/**
 * Screenshots of every page at desktop and phone widths, for checking the layout
 * by eye: `pnpm --filter @repo/marketing screenshots` (build first). The PNGs go
 * to screenshots/, which git ignores.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, startStack } from '@repo/e2e';

const PAGES = (
  process.env.PAGES ??
  '/,/features,/benefits,/pricing,/blog,/blog/why-we-built-wordloom,/docs,/helpdesk,/about,/contact,/beta,/beta-feedback,/nope'
).split(',');
const WIDTHS = [1280, 375];
const outDir = path.resolve('screenshots');
mkdirSync(outDir, { recursive: true });

const stack = await startStack({ marketing: true });
const browser = await launchBrowser();
try {
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error') console.log(`[console ${width}] ${message.text()}`);
    });
    page.on('pageerror', (error) => console.log(`[pageerror ${width}] ${error.message}`));
    for (const pagePath of PAGES) {
      await page.goto(`${stack.marketingUrl}${pagePath}`, { waitUntil: 'networkidle' });
      const name = pagePath === '/' ? 'home' : pagePath.slice(1).replace(/[/?=&]/g, '_');
      await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`), fullPage: true });
    }
    await page.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
