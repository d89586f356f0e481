import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import { createRequestHandler } from '@remix-run/node';
import { cspViolations, recordCspViolations } from '@repo/e2e';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setUpHarness } from './harness';
import { postsApi, publishingKey } from './publishing-api';

/*
 * Issue 31: markup that reaches the site's output where text was meant cannot run or
 * become elements. A post's title is the author's text in the RSS feed, whatever it
 * holds; and a <script> that an HTML-injection bug put into a rendered page is refused
 * by the page's own policy, which names only the scripts the app itself rendered.
 */

const SETUP_TOKEN = 'e2e-html-injection-setup-token-0123456789';
const { harness } = setUpHarness({ apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN } });
const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const POST_PATH = '/blog/why-we-built-wordloom';

interface ParsedFeed {
  /** The parser's error, when the text is not well-formed XML. */
  error?: string;
  /** Each item's link, its title's text and how many elements its title holds. */
  items: { link: string; title: string; titleElements: number }[];
  /** How many <script> and <b> elements the whole document holds, in any namespace. */
  scripts: number;
  bold: number;
}

/** Chromium's XML parser (DOMParser, libxml2), as a feed reader reads the feed. */
function parseXml(page: Page, xml: string): Promise<ParsedFeed> {
  return page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, 'application/xml');
    const error = document.getElementsByTagName('parsererror')[0];
    return {
      ...(error ? { error: error.textContent ?? 'parsererror' } : {}),
      items: [...document.getElementsByTagName('item')].map((item) => {
        const title = item.getElementsByTagName('title')[0];
        return {
          link: item.getElementsByTagName('link')[0]?.textContent ?? '',
          title: title?.textContent ?? '',
          titleElements: title?.children.length ?? -1,
        };
      }),
      scripts: document.getElementsByTagNameNS('*', 'script').length,
      bold: document.getElementsByTagNameNS('*', 'b').length,
    };
  }, xml);
}

describe('the RSS feed (issue 31)', () => {
  it("keeps a published title's markup as text, and feeds and the sitemap run nothing", async () => {
    // The `feed` library wrapped titles in CDATA and escaped only the first "]]>": the
    // second ended the section and this title put a <script> element into /rss.xml.
    const title = 'Notes ]]> part one ]]><script>alert(1)</script><b>bold</b>';
    const key = await publishingKey(harness.stack, SETUP_TOKEN);
    const draft = await postsApi(harness.stack, key, 'POST', '', {
      title,
      excerpt: 'An excerpt with <em>markup</em> & an ampersand, kept as text as well.',
      category: 'Product',
      tags: ['Release'],
      author: 'Ada Lovelace',
      content: '## Notes\n\nThe text of the notes.',
    });
    await postsApi(harness.stack, key, 'POST', `/${draft.id}/publish`);

    let feed = '';
    const deadline = Date.now() + 15_000;
    while (!feed.includes(draft.slug) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      feed = await (await fetch(`${harness.baseUrl}/rss.xml`)).text();
    }
    const context = await harness.browser.newContext();
    try {
      const page = await context.newPage();
      const parsed = await parseXml(page, feed);
      expect(parsed.error, feed).toBeUndefined();
      const item = parsed.items.find((candidate) => candidate.link.endsWith(`/blog/${draft.slug}`));
      expect(item, feed).toBeDefined();
      expect(item!.title).toBe(title);
      expect(item!.titleElements).toBe(0);
      expect(parsed.scripts).toBe(0);
      expect(parsed.bold).toBe(0);

      for (const path of ['/rss.xml', '/sitemap.xml']) {
        const response = await fetch(`${harness.baseUrl}${path}`);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-security-policy'), path).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
        expect((await parseXml(page, await response.text())).error, path).toBeUndefined();
      }
    } finally {
      await context.close();
    }
  });
});

describe('an HTML injection into a rendered page (issue 31)', () => {
  const INJECTED = '<script>window.injected = true;</script>';

  /**
   * The post page rendered by the built site (build/server, the same entry.server.tsx
   * and routes serve.js runs), with an injection bug simulated: whatever article HTML
   * the post's loader hands the document gets a script element appended.
   */
  async function renderInjected(): Promise<Response> {
    Object.assign(process.env, {
      NODE_ENV: 'production',
      API_URL: harness.stack.apiUrl,
      PUBLIC_SITE_URL: harness.stack.publicUrls.marketing,
      ADMIN_URL: harness.stack.publicUrls.admin,
      POSTS_POLL_MS: '0',
    });
    const build = (await import(
      pathToFileURL(path.join(APP_DIR, 'build', 'server', 'index.js')).href
    )) as ServerBuild;
    const handle = createRequestHandler(build, 'production');
    let article: string | undefined;
    const context = {
      requestId: randomUUID(),
      recordRoute: () => undefined,
      clientIp: '127.0.0.1',
      forwardedProto: 'http',
      forwardedHost: new URL(harness.baseUrl).host,
      documentRequest: true,
      get articleHtml() {
        return article === undefined ? undefined : `${article}${INJECTED}`;
      },
      set articleHtml(html: string | undefined) {
        article = html;
      },
    } as AppLoadContext;
    return handle(new Request(`${harness.baseUrl}${POST_PATH}`), context);
  }

  it('is refused by the browser: the policy names only the scripts the app rendered', async () => {
    const injected = await renderInjected();
    expect(injected.status).toBe(200);
    const body = await injected.text();
    // Not vacuous: the script is in the page the browser gets, inside the post's body.
    expect(body).toMatch(
      /data-post-content=""[^>]*>[\s\S]*<script>window\.injected = true;<\/script>/,
    );
    const policy = injected.headers.get('content-security-policy') ?? '';
    // The page's own scripts are the same with or without the injection, and so is its policy.
    const served = await fetch(`${harness.baseUrl}${POST_PATH}`);
    expect(policy).toBe(served.headers.get('content-security-policy'));

    const context = await harness.browser.newContext();
    try {
      await context.addInitScript(recordCspViolations);
      await context.route(`${harness.baseUrl}${POST_PATH}`, (route) =>
        route.fulfill({
          status: 200,
          headers: Object.fromEntries(injected.headers),
          body,
        }),
      );
      const page = await context.newPage();
      await page.goto(`${harness.baseUrl}${POST_PATH}`);
      // The app's own inline scripts ran: the page hydrated.
      await hydrated(page);
      expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBe(
        undefined,
      );
      const violations = await cspViolations(page);
      expect(violations).toHaveLength(1);
      expect(violations[0]).toMatch(/^script-src(-elem)? inline/);
    } finally {
      await context.close();
    }
  });
});
