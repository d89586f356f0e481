import { brotliDecompressSync } from 'node:zlib';
import {
  type AppServer,
  brotliAtBest,
  measurePageJavaScript,
  rawGet,
  startAppServer,
} from '@repo/e2e';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpHarness } from './harness';

// Issue 13: budgets that do not depend on the machine's speed, on the production build.
const { harness } = setUpHarness();

const KB = 1024;
const CONTENT_PAGES = ['/', '/features', '/benefits', '/pricing', '/blog', '/about', '/docs'];
const FORM_PAGES = ['/beta', '/contact', '/beta-feedback'];
const CONTENT_BUDGET = 100 * KB;
const FORM_BUDGET = 120 * KB;

async function aPostSlug(): Promise<string> {
  const posts = (await (await fetch(`${harness.stack.apiUrl}/api/posts`)).json()) as {
    slug: string;
  }[];
  expect(posts.length).toBeGreaterThan(0);
  return posts[0]!.slug;
}

/** The largest script a page loads (a tiny one, like the entry's imports, gains nothing compressed). */
async function aScriptOf(path: string): Promise<string> {
  const html = await (await fetch(`${harness.baseUrl}${path}`)).text();
  const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
  expect(scripts.length).toBeGreaterThan(0);
  const sizes = await Promise.all(
    scripts.map(
      async (script) => (await (await fetch(`${harness.baseUrl}${script}`)).text()).length,
    ),
  );
  return scripts[sizes.indexOf(Math.max(...sizes))]!;
}

describe('compression', () => {
  it('sends a page, a script and an /api answer in brotli to a browser that accepts it', async () => {
    const script = await aScriptOf('/');
    for (const path of ['/', `/blog/${await aPostSlug()}`, script, '/api/posts']) {
      const answer = await rawGet(`${harness.baseUrl}${path}`, {
        'accept-encoding': 'gzip, deflate, br',
      });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-encoding'], path).toBe('br');
      expect(answer.headers.vary, path).toMatch(/accept-encoding/i);
    }
  });

  it('falls back to gzip, and sends plain bytes to a client that accepts neither', async () => {
    const script = await aScriptOf('/blog');
    for (const path of ['/blog', script]) {
      const gzip = await rawGet(`${harness.baseUrl}${path}`, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      const plain = await rawGet(`${harness.baseUrl}${path}`, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(gzip.bytes.length, path).toBeLessThan(plain.bytes.length / 2);
    }
  });

  it('serves fingerprinted scripts precompressed, cached for a year', async () => {
    const script = await aScriptOf('/');
    const answer = await rawGet(`${harness.baseUrl}${script}`, { 'accept-encoding': 'br' });
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    // Precompressed files carry the length of the file sent; on-the-fly answers are chunked.
    expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('JavaScript each page loads before any interaction (gzip)', () => {
  it(`stays within ${CONTENT_BUDGET / KB} KB on content pages and ${FORM_BUDGET / KB} KB on form pages`, async () => {
    const pages = [
      ...CONTENT_PAGES.map((path) => ({ path, budget: CONTENT_BUDGET })),
      { path: `/blog/${await aPostSlug()}`, budget: CONTENT_BUDGET },
      ...FORM_PAGES.map((path) => ({ path, budget: FORM_BUDGET })),
    ];
    const over: string[] = [];
    for (const { path, budget } of pages) {
      const measured = await measurePageJavaScript(harness.baseUrl, path);
      // Guards the measurement itself: React and Remix alone are some 80 KB.
      expect(measured.gzipBytes, path).toBeGreaterThan(70 * KB);
      console.log(`${path}: ${(measured.gzipBytes / KB).toFixed(1)} KB of ${budget / KB} KB`);
      if (measured.gzipBytes > budget) {
        over.push(`${path}: ${(measured.gzipBytes / KB).toFixed(1)} KB > ${budget / KB} KB`);
      }
    }
    expect(over).toEqual([]);
  });

  it('runs React DOM as module code, not inside a function called while the modules evaluate (issue 32)', async () => {
    // Rollup's CommonJS wrapper, minified: `function x(){if(v)return k;v=1;…}`, called
    // at the first require. React DOM inside one was compiled and run whole in the
    // task that evaluates the page's modules (react-module-code.ts).
    const wrapper = /function (\w+)\(\)\{if\((\w+)\)return (\w+);\2=1[;,]/g;
    const html = await (await fetch(`${harness.baseUrl}/beta-feedback`)).text();
    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
    const sources = await Promise.all(
      scripts.map(async (script) => (await fetch(`${harness.baseUrl}${script}`)).text()),
    );
    const reactDom = sources.filter((source) => source.includes('.hydrateRoot='));
    expect(reactDom).toHaveLength(1);
    expect(reactDom[0]!.length).toBeGreaterThan(100 * KB);
    expect([...reactDom[0]!.matchAll(wrapper)].map((match) => match[0])).toEqual([]);
  });

  it('keeps the forms and zod out of the pages that do not show them', async () => {
    const home = await measurePageJavaScript(harness.baseUrl, '/');
    const sources = await Promise.all(
      home.files
        .filter((file) => file.url.startsWith('http'))
        .map(async (file) => (await fetch(file.url)).text()),
    );
    const all = sources.join('\n');
    // zod's error class, and the wizard's and survey's questions.
    expect(all).not.toContain('ZodError');
    expect(all).not.toContain('What is your work email?');
    expect(all).not.toContain('How easy was it to get started');
  });
});

describe("the survey's rules (issue 32)", () => {
  /** The scripts of the page fetched so far that hold zod (its error class). */
  async function zodScriptsFetched(page: Page): Promise<string[]> {
    const paths = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js')),
    );
    const withZod: string[] = [];
    for (const path of new Set(paths)) {
      const source = await (await fetch(`${harness.baseUrl}${path}`)).text();
      if (source.includes('ZodError')) withZod.push(path);
    }
    return withZod;
  }

  it('shows the first step without zod, and fetches the rules when the visitor starts answering', async () => {
    const context = await harness.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${harness.baseUrl}/beta-feedback`);
      const dialog = page.getByRole('dialog', { name: 'Wordloom Beta Feedback' });
      await dialog.getByText('Step 1 of 9').waitFor();
      await page.waitForLoadState('networkidle');
      // The survey is open and its code has run: zod is not part of that.
      expect(await zodScriptsFetched(page)).toEqual([]);

      // Reaching into a field fetches the rules; Next checks the step with them.
      await dialog.getByLabel('Email address').focus();
      await expect.poll(async () => (await zodScriptsFetched(page)).length).toBeGreaterThan(0);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText('Please enter a valid email address').waitFor();
      await dialog.getByText('First name is required').waitFor();
      expect(await dialog.getByText('Step 1 of 9').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('checks the first step when Next comes before any field was reached', async () => {
    const context = await harness.browser.newContext();
    try {
      const page = await context.newPage();
      // The rules' chunk is held back until after the click: Next waits for it.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested = false;
      await page.route(/\/assets\/survey-rules-[\w-]+\.js$/, async (route) => {
        requested = true;
        await held;
        await route.continue();
      });
      await page.goto(`${harness.baseUrl}/beta-feedback`);
      const dialog = page.getByRole('dialog', { name: 'Wordloom Beta Feedback' });
      await dialog.getByText('Step 1 of 9').waitFor();
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => requested).toBe(true);
      expect(await dialog.getByText('Please enter a valid email address').count()).toBe(0);
      release();
      await dialog.getByText('Please enter a valid email address').waitFor();
      await dialog.getByLabel('Email address').fill('tester@example.com');
      await dialog.getByLabel('First name').fill('Tess');
      await dialog.getByLabel('Last name').fill('Ter');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText('Step 2 of 9').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('what pages carry', () => {
  it('sends post summaries to the home page and the listing, never a post body', async () => {
    const slug = await aPostSlug();
    const post = (await (await fetch(`${harness.stack.apiUrl}/api/posts/${slug}`)).json()) as {
      content: string;
    };
    // A sentence from the middle of the text.
    const sentence = post.content
      .split('\n')
      .find((line) => line.length > 80)!
      .slice(0, 60);
    for (const path of ['/', '/blog']) {
      const html = await (await fetch(`${harness.baseUrl}${path}`)).text();
      expect(html, path).toContain(`/blog/${slug}`);
      expect(html, path).not.toContain(sentence.replace(/"/g, '\\"'));
    }
  });

  it('sends a post page its text once, in the markup, not again as data', async () => {
    const slug = await aPostSlug();
    const html = await (await fetch(`${harness.baseUrl}/blog/${slug}`)).text();
    const article = /data-post-content="">([\s\S]{40})/.exec(html)?.[1];
    expect(article).toBeDefined();
    expect(html.split(article!).length - 1).toBe(1);
  });
});

/** Waits until the rest of the sheet (/css/<name>) has loaded and holds rules. */
async function restOfTheSheetApplied(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.styleSheets].find((sheet) => sheet.href?.includes('/css/'))?.cssRules
            .length ?? 0,
      ),
    )
    .toBeGreaterThan(0);
}

/**
 * How the elements under `root` look: for `root` and each element in it (the
 * first `limit`), its tag and the computed `properties` the site's classes set.
 */
function looksOf(root: Locator, properties: readonly string[], limit = Infinity) {
  return root.evaluate(
    (element, { properties, limit }) =>
      [element, ...element.querySelectorAll('*')].slice(0, limit).map((each) => {
        const style = getComputedStyle(each);
        return [each.tagName, ...properties.map((name) => style.getPropertyValue(name))].join(' ');
      }),
    { properties, limit },
  );
}

describe('the first paint (issue 22)', () => {
  it('paints with the rules its own elements use, in the document; the rest of the sheet follows the paint and serves client navigations', async () => {
    const html = await (await fetch(`${harness.baseUrl}/features`)).text();
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const inline = /<style id="site-css"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const name = /<style id="site-css" data-rest="([^"]+)"/.exec(html)?.[1];
    expect(name).toBeDefined();
    const response = await fetch(`${harness.baseUrl}/css/${name}`);
    expect(response.headers.get('content-type')).toMatch(/^text\/css/);
    expect(response.headers.get('cache-control')).toContain('immutable');
    const rest = await response.text();
    // Tailwind's output: the page's rules in the document, what it does not show in the rest.
    expect(inline).toContain('.min-h-screen');
    expect(rest).not.toContain('.min-h-screen');
    expect(rest).toContain('.post-content');
    expect(inline).not.toContain('.post-content');
    // Nothing that would restyle the whole page when it arrives (issue 32).
    expect(rest).not.toMatch(/:root|@property|@keyframes/);
    // The icon: none to fetch before the paint (an empty data: one); the real one is in
    // <noscript> for a browser without scripts, and the loader links it after the paint.
    expect(html).toContain('<link rel="icon" href="data:,"/>');
    expect(html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')).not.toMatch(/<link[^>]*favicon/);
    // A name that is not one is refused, and never a server error.
    for (const bad of ['nothing', `${name}x`, '..%2F..%2Fpackage.json']) {
      expect((await fetch(`${harness.baseUrl}/css/${bad}`)).status, bad).toBe(404);
    }

    /** What <main> looks like. */
    const looks = (page: Page) =>
      looksOf(
        page.locator('main'),
        [
          'display',
          'position',
          'margin',
          'padding',
          'font-size',
          'font-weight',
          'line-height',
          'color',
          'background-color',
          'border-top-width',
          'border-radius',
          'gap',
        ],
        300,
      );

    const context = await harness.browser.newContext();
    const bare = await harness.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${harness.baseUrl}/features`);
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      const { paint, sheet } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        sheet: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/css/'))
          .map((entry) => entry.startTime),
      }));
      expect(sheet).toHaveLength(1);
      expect(sheet[0]).toBeGreaterThanOrEqual(paint!);
      // The rest applies beside the document's rules, which stay.
      await restOfTheSheetApplied(page);
      expect(await page.evaluate(() => document.getElementById('site-css')?.textContent)).toBe(
        inline,
      );
      expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('flex');
      const icon = () =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].at(-1)?.href;
      expect(await page.evaluate(icon)).toBe(`${harness.baseUrl}/favicon.svg`);

      // A client navigation shows /blog with /features' rules in the document and the
      // whole sheet: it must look as /blog does with its own rules alone (no script).
      await page.getByRole('navigation').first().getByRole('link', { name: 'Blog' }).click();
      await page.waitForURL(/\/blog$/);
      await page.getByRole('heading', { level: 1, name: /blog/i }).waitFor();
      const navigated = await looks(page);
      const alone = await bare.newPage();
      await alone.goto(`${harness.baseUrl}/blog`);
      expect(await alone.evaluate(icon)).toBe(`${harness.baseUrl}/favicon.svg`);
      const own = await looks(alone);
      expect(navigated.length).toBeGreaterThan(20);
      expect(navigated).toEqual(own);
    } finally {
      await context.close();
      await bare.close();
    }
  });

  it('styles what the scripts render later (the waitlist overlay) exactly as the whole sheet does (issue 32)', async () => {
    // The whole sheet: the rest's name of another version answers with it.
    const whole = await (await fetch(`${harness.baseUrl}/css/AAAAAAAA.AQ`)).text();
    expect(whole).toContain('.post-content');
    /** The overlay, opened. */
    const overlayLooks = async (page: Page) => {
      await page.getByRole('button', { name: 'Apply for Beta Access' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Apply for Beta Access' });
      await dialog.getByLabel('What is your work email?').waitFor();
      return looksOf(dialog, [
        'display',
        'position',
        'inset',
        'margin',
        'padding',
        'width',
        'max-width',
        'font-size',
        'font-weight',
        'line-height',
        'color',
        'background-color',
        'border-width',
        'border-color',
        'border-radius',
        'box-shadow',
        'gap',
      ]);
    };
    const split = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const wholeSheet = await harness.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await split.newPage();
      await page.goto(`${harness.baseUrl}/beta`);
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await restOfTheSheetApplied(page);
      // The same page with the whole sheet in its document and no rest.
      const other = await wholeSheet.newPage();
      await other.route(`${harness.baseUrl}/beta`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          /<style id="site-css" data-rest="[^"]+">[\s\S]*?<\/style>/,
          () => `<style id="site-css">${whole}</style>`,
        );
        await route.fulfill({ response, body });
      });
      await other.goto(`${harness.baseUrl}/beta`);
      await other.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      expect(await other.locator('link[href^="/css/"]').count()).toBe(0);
      const withRest = await overlayLooks(page);
      const withWhole = await overlayLooks(other);
      expect(withRest.length).toBeGreaterThan(20);
      expect(withRest).toEqual(withWhole);
    } finally {
      await split.close();
      await wholeSheet.close();
    }
  });

  /**
   * Holds the page's first paint 1.5 s, as a slow phone's: the document stays invisible
   * (a CSS animation, so no script of the test runs before the page's own).
   */
  async function holdFirstPaint(page: Page, path: string) {
    await page.route(`${harness.baseUrl}${path}`, async (route) => {
      const response = await route.fetch();
      const held =
        '<style>html{visibility:hidden;animation:reveal 0s 1.5s forwards}' +
        '@keyframes reveal{to{visibility:visible}}</style>';
      await route.fulfill({
        response,
        body: (await response.text()).replace('</head>', `${held}</head>`),
      });
    });
  }

  it('hydrates only once the page has painted, however late that paint comes', async () => {
    const context = await harness.browser.newContext();
    try {
      const page = await context.newPage();
      // A slow phone's late first paint, while its scripts arrive and run at once:
      // hydrating at once would come before the paint.
      await holdFirstPaint(page, '/contact');
      await page.goto(`${harness.baseUrl}/contact`);
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      const { paint, hydrate } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        hydrate: performance.getEntriesByName('wordloom:hydrate')[0]?.startTime ?? null,
      }));
      expect(paint).toBeGreaterThan(1400);
      expect(hydrate).toBeGreaterThanOrEqual(paint!);
    } finally {
      await context.close();
    }
  });

  it('fetches no script before the first paint, then all of them together, and comes alive', async () => {
    const context = await harness.browser.newContext();
    try {
      const page = await context.newPage();
      // Every script request must come after the paint (issue 22: on a slow link the
      // modules would share the line with the paint).
      await holdFirstPaint(page, '/beta');
      await page.goto(`${harness.baseUrl}/beta`);
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      const { paint, scripts, preloads } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
        preloads: [...document.querySelectorAll('link[rel="modulepreload"]')].map(
          (link) => new URL((link as HTMLLinkElement).href).pathname,
        ),
      }));
      expect(paint).toBeGreaterThan(1400);
      expect(preloads.length).toBeGreaterThan(2);
      const fetched = new Set(scripts.map((script) => script.path));
      for (const preload of preloads) expect(fetched).toContain(preload);
      for (const script of scripts)
        expect(script.start, script.path).toBeGreaterThanOrEqual(paint!);
      // Alive: the wizard's button opens the overlay.
      await page.getByRole('button', { name: 'Apply for Beta Access' }).first().click();
      await page.getByRole('dialog', { name: 'Apply for Beta Access' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

/** Lighthouse's phone (the Moto G Power of its mobile profile). */
const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** What a `layout-shift` performance entry holds (not in TypeScript's DOM types). */
interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null }[];
}

/** The page's cumulative layout shift, and the elements that moved. */
interface LayoutShiftRecord {
  total: number;
  moved: string[];
}

describe('layout stability', () => {
  // Lighthouse's phone (412 x 823). Lighthouse keeps localStorage from one run to the
  // next, so its second and third runs of /beta-feedback were a returning tester's: the
  // survey showed step 1, then swapped in the restored step and the 'Welcome back' note
  // when the API answered, and the step's questions and buttons moved (CLS 0.038).
  it('does not move the survey of a returning tester once it shows (CLS < 0.02)', async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      // A phone's browser: the API keeps no survey progress for a user agent that
      // names itself headless (a bot).
      userAgent: PHONE_CHROME,
    });
    try {
      const page = await context.newPage();
      const dialog = page.getByRole('dialog', { name: 'Wordloom Beta Feedback' });
      // The first visit leaves the survey at step 2.
      await page.goto(`${harness.baseUrl}/beta-feedback`);
      await dialog.getByText('Step 1 of 9').waitFor();
      await dialog.getByLabel('Email address').fill('returning@example.com');
      await dialog.getByLabel('First name').fill('Returning');
      await dialog.getByLabel('Last name').fill('Tester');
      const saved = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/beta-feedback/progress') &&
          response.request().method() === 'PUT' &&
          (response.request().postDataJSON() as { step: number }).step === 2,
      );
      await dialog.getByRole('button', { name: 'Next' }).click();
      expect((await saved).status()).toBe(200);

      // The second visit. The lookup of the saved survey is held for half a second, as a
      // slow network would, so that whatever the survey shows before its answer is painted.
      const lookup = (url: URL) =>
        url.pathname === '/api/beta-feedback/progress' && url.searchParams.has('key');
      await page.route(lookup, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      });
      await page.addInitScript(() => {
        const shifts: LayoutShiftRecord = { total: 0, moved: [] };
        Object.assign(window, { __layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LayoutShiftEntry[]) {
            if (entry.hadRecentInput) continue;
            shifts.total += entry.value;
            for (const { node } of entry.sources) {
              const element = node instanceof Element ? node : node?.parentElement;
              shifts.moved.push(
                element
                  ? `${element.closest('#beta-feedback-form') ? 'survey: ' : ''}<${element.tagName.toLowerCase()} class="${element.className}">`
                  : 'a removed node',
              );
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${harness.baseUrl}/beta-feedback`);
      await dialog.getByText('Step 2 of 9').waitFor();
      await dialog.getByText(/^Welcome back: your earlier answers are restored\./).waitFor();
      // Two frames, then a task: a shift of the last frame has reached the observer.
      const shifts = await page.evaluate(
        () =>
          new Promise<LayoutShiftRecord>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                setTimeout(() =>
                  resolve(
                    (window as unknown as { __layoutShifts: LayoutShiftRecord }).__layoutShifts,
                  ),
                ),
              ),
            ),
          ),
      );
      expect(shifts.moved.filter((node) => node.startsWith('survey: '))).toEqual([]);
      expect(shifts.total, shifts.moved.join(', ')).toBeLessThan(0.02);
    } finally {
      await context.close();
    }
  });
});

describe('the page micro-cache', () => {
  let uncached: AppServer;

  beforeAll(async () => {
    uncached = await startAppServer('marketing', {
      API_URL: harness.stack.apiUrl,
      MARKETING_PAGE_CACHE: '0',
    });
  });
  afterAll(async () => {
    await uncached?.stop();
  });

  it('answers a repeated anonymous page view from memory, compressed once at brotli quality 11', async () => {
    const path = `/blog/${await aPostSlug()}`;
    const rendered = await fetch(`${harness.baseUrl}${path}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    const page = await rendered.text();
    const best = brotliAtBest(page);
    // The copy is compressed in the background after the first answer: a few hits later
    // it is what is sent, byte for byte, with the same policy as the rendered page.
    await expect
      .poll(async () => {
        const hit = await rawGet(`${harness.baseUrl}${path}`, { 'accept-encoding': 'gzip, br' });
        expect(hit.headers['x-cache']).toBe('HIT');
        expect(hit.headers['content-security-policy']).toBe(
          rendered.headers.get('content-security-policy'),
        );
        expect(brotliDecompressSync(hit.bytes).toString()).toBe(page);
        return hit.bytes.equals(best);
      })
      .toBe(true);
  });

  it('is bypassed by a visitor with cookies', async () => {
    await fetch(`${harness.baseUrl}/about`).then((response) => response.text());
    const response = await fetch(`${harness.baseUrl}/about`, { headers: { cookie: 'a=b' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cache')).toBeNull();
  });

  it('is off with MARKETING_PAGE_CACHE=0', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${uncached.url}/about`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-cache')).toBeNull();
      await response.text();
    }
  });
});

describe('hydration in pieces (issue 32)', () => {
  /** Script files the page has requested so far, by path. */
  const requestedScripts = (page: Page) =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js')),
    );

  it("fetches /beta's wizard and FAQ only when the visitor comes near them, without moving what is in view", async () => {
    const context = await harness.browser.newContext({ viewport: { width: 412, height: 823 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as { shifts?: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${harness.baseUrl}/beta`, { waitUntil: 'networkidle' });
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      // Alive (the overlay's button works), and neither section's code was fetched.
      const atLoad = await requestedScripts(page);
      expect(atLoad.some((path) => /\/root-[\w-]+\.js$|\/beta-[\w-]+\.js$/.test(path))).toBe(true);
      expect(atLoad.filter((path) => /waitlist-wizard|beta-faq-accordion/.test(path))).toEqual([]);
      const serverForm = await page.locator('#join form').elementHandle();

      // A visitor scrolling down with the wheel: the wizard is there before the form is in view.
      const joinTop = () =>
        page.evaluate(() => document.getElementById('join')!.getBoundingClientRect().top);
      await page.mouse.move(200, 400);
      while ((await joinTop()) > 823) {
        const before = await page.evaluate(() => window.scrollY);
        await page.mouse.wheel(0, 300);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
      }
      const form = page.locator('#waitlist-form-inline');
      await form.getByText('Step 1 of 7').waitFor();
      expect((await requestedScripts(page)).some((path) => /waitlist-wizard/.test(path))).toBe(
        true,
      );
      // Hydrated in place: the element the server sent is the wizard's form.
      expect(await form.evaluate((element, kept) => element === kept, serverForm)).toBe(true);

      // Reached into: the FAQ's accordion arrives and opens an answer.
      const question = page.getByRole('button', { name: 'Is the beta free?' });
      await question.scrollIntoViewIfNeeded();
      await expect
        .poll(async () => {
          if ((await question.getAttribute('aria-expanded')) !== 'true') await question.click();
          return question.getAttribute('aria-expanded');
        })
        .toBe('true');
      expect((await requestedScripts(page)).some((path) => /beta-faq-accordion/.test(path))).toBe(
        true,
      );
      const shifts = await page.evaluate(() => (window as { shifts?: number[] }).shifts ?? []);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.02);
    } finally {
      await context.close();
    }
  });

  it("starts the wizard's code on the way to the form: hovering 'Join the Waitlist'", async () => {
    const context = await harness.browser.newContext({ viewport: { width: 412, height: 823 } });
    try {
      const page = await context.newPage();
      await page.goto(`${harness.baseUrl}/beta`, { waitUntil: 'networkidle' });
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      const wizardFetched = async () =>
        (await requestedScripts(page)).some((path) => /waitlist-wizard/.test(path));
      expect(await wizardFetched()).toBe(false);
      await page.getByRole('link', { name: 'Join the Waitlist' }).hover();
      await expect.poll(wizardFetched).toBe(true);
      // Arrived by the link, the form is the wizard.
      await page.getByRole('link', { name: 'Join the Waitlist' }).click();
      await page.locator('#waitlist-form-inline').getByText('Step 1 of 7').waitFor();
    } finally {
      await context.close();
    }
  });
});
