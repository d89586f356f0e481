/**
 * Screenshots of /auth and the console's sections at 1440, 1280 and 375 px
 * width (the 375 px set also with the sidebar's menu open), saved under screenshots/ (git-ignored) for a visual review.
 * Run against a fresh stack with `pnpm --filter @repo/admin screenshots` (scripts/screenshots.ts),
 * or against a running console:
 * ADMIN_URL=http://127.0.0.1:3002 node --import tsx e2e/take-screenshots.ts
 * which logs in as the dev admin (admin / wordloom-dev).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSOLE_URL, openBrowserSession } from './browser-session';

/** The sections photographed, by address (issue 20). */
const TABS = [
  'waitlist',
  'beta',
  'contacts',
  'email/templates',
  'email/outbox',
  'api-keys',
  'integrations',
  'audit-log',
  'analytics',
  'survey',
];
/** A dialog to open on a section (its first matching button), photographed, then closed. */
const DIALOGS: Record<string, RegExp> = {
  waitlist: /^Approve for Beta: /,
  contacts: /^View message from/,
  'email/templates': /^Bulk send$/,
  'api-keys': /^Create API key$/,
  integrations: /^Add endpoint$/,
};
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

export async function takeScreenshots(
  adminUrl: string,
  login: { username: string; password: string },
): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const files: string[] = [];
  for (const [label, viewport] of [
    ['1440', { width: 1440, height: 900 }],
    ['1280', { width: 1280, height: 900 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    const session = await openBrowserSession(adminUrl, viewport);
    const { page } = session;
    const shot = async (name: string) => {
      const file = path.join(outDir, `${label}-${name}.png`);
      await page.waitForTimeout(400);
      await page.screenshot({ path: file, fullPage: true });
      files.push(file);
    };
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await shot('auth');
    await page.getByLabel('Username').fill(login.username);
    await page.getByLabel('Password').fill(login.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(CONSOLE_URL);
    for (const tab of TABS) {
      await page.goto(`/admin/${tab}`);
      await page.locator('#section h2').first().waitFor();
      await page.waitForLoadState('networkidle');
      const name = tab.replace(/\//g, '-');
      await shot(name);
      if (tab === 'waitlist' && viewport.width < 1024) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await shot('menu-open');
        await page.getByRole('button', { name: 'Menu' }).click();
      }
      const opener = DIALOGS[tab];
      if (opener && (await page.getByRole('button', { name: opener }).count()) > 0) {
        await page.getByRole('button', { name: opener }).first().click();
        await page.getByRole('dialog').waitFor();
        await page.waitForLoadState('networkidle');
        await shot(`${name}-dialog`);
        // A toast is a dismissable layer too: Escape closes the newest layer first.
        while ((await page.getByRole('dialog').count()) > 0) await page.keyboard.press('Escape');
      }
    }
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await session.close();
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const adminUrl = process.env.ADMIN_URL ?? 'http://127.0.0.1:3002';
  const files = await takeScreenshots(adminUrl, {
    username: process.env.ADMIN_USERNAME ?? 'admin',
    password: process.env.ADMIN_PASSWORD ?? 'wordloom-dev',
  });
  console.log(files.join('\n'));
}
