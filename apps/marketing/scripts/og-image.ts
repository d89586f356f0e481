/**
 * Renders the default Open Graph image (public/images/og-default.jpg, 1200x630)
 * with headless Chromium: social networks do not accept SVG previews.
 * Run with `tsx scripts/og-image.ts` after changing the design.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '@repo/e2e';

const logo = readFileSync(path.resolve('public/images/logo.svg'), 'utf8');
const html = `<!doctype html><html><body style="margin:0">
<div style="box-sizing:border-box;width:1200px;height:630px;padding:90px 100px;font-family:system-ui,sans-serif;color:#fff;
  background:radial-gradient(circle at 85% 15%,rgba(124,58,237,.55),transparent 55%),radial-gradient(circle at 10% 95%,rgba(79,70,229,.55),transparent 55%),#0f172a">
  <div style="display:flex;align-items:center;gap:20px;font-size:40px;font-weight:700">
    <div style="width:72px;height:72px">${logo.replace('width="128" height="128"', 'width="72" height="72"')}</div>Wordloom
  </div>
  <div style="margin-top:56px;max-width:900px;font-size:68px;line-height:1.08;font-weight:800">Ideas in. Publish-ready, SEO-optimised content out.</div>
  <div style="margin-top:36px;font-size:30px;color:#c7d2fe">The AI content platform · Join the beta waitlist</div>
</div></body></html>`;

const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({
  path: path.resolve('public/images/og-default.jpg'),
  type: 'jpeg',
  quality: 85,
});
await browser.close();
