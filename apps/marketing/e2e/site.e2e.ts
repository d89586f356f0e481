import { describe, expect, it } from 'vitest';
import { hydrated, setUpHarness } from './harness';

const { harness, openPage } = setUpHarness();

/** expect.poll gives up after 1 s by default: too short on a busy machine. */
const POLL = { timeout: 20_000 };

async function fetchPage(path: string, init?: RequestInit) {
  return fetch(`${harness.baseUrl}${path}`, { redirect: 'manual', ...init });
}

describe('pages and SEO', () => {
  it('renders every public page server-side with one h1, a canonical URL and cache headers', async () => {
    for (const path of [
      '/',
      '/features',
      '/benefits',
      '/pricing',
      '/blog',
      '/docs',
      '/helpdesk',
      '/about',
      '/contact',
      '/beta',
      '/beta-feedback',
    ]) {
      const response = await fetchPage(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toContain('s-maxage');
      const html = await response.text();
      expect(html.match(/<h1[\s>]/g)?.length, `${path} h1 count`).toBe(1);
      expect(html, path).toContain(
        `<link rel="canonical" href="${new URL(path, harness.baseUrl).href}"`,
      );
      expect(html, path).toContain('property="og:title"');
      expect(html, path).toContain('"@type":"Organization"');
      for (const img of html.match(/<img [^>]*>/g) ?? []) expect(img, path).toMatch(/alt="[^"]+"/);
    }
  });

  it('answers an unknown address with the 404 page', async () => {
    const response = await fetchPage('/no-such-page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404 Page Not Found');
    const page = await openPage('/no-such-page', { allow404: true });
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  });

  it('redirects /waitlist to /beta and /auth and /admin to the admin console', async () => {
    expect((await fetchPage('/waitlist')).headers.get('location')).toBe('/beta');
    const auth = await fetchPage('/auth');
    expect(auth.status).toBe(302);
    expect(auth.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth$/);
    expect((await fetchPage('/admin')).headers.get('location')).toMatch(/\/admin$/);
  });

  it('publishes a sitemap, robots.txt and an RSS feed', async () => {
    const sitemap = await (await fetchPage('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${harness.baseUrl}/features</loc>`);
    expect(sitemap).toContain(`<loc>${harness.baseUrl}/blog/why-we-built-wordloom</loc>`);
    expect(sitemap.match(/<url>/g)?.length).toBe(21);
    const robots = await (await fetchPage('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${harness.baseUrl}/sitemap.xml`);
    const rss = await fetchPage('/rss.xml');
    expect(rss.headers.get('content-type')).toContain('application/rss+xml');
    expect((await rss.text()).match(/<item>/g)?.length).toBe(10);
  });

  it('adds BlogPosting and FAQPage structured data', async () => {
    expect(await (await fetchPage('/blog/why-we-built-wordloom')).text()).toContain(
      '"@type":"BlogPosting"',
    );
    expect(await (await fetchPage('/beta')).text()).toContain('"@type":"FAQPage"');
  });
});

describe('blog', () => {
  it('filters by search, category and tag, with the state in the URL', async () => {
    const page = await openPage('/blog');
    await hydrated(page);
    await expect.poll(() => page.locator('main ul.grid > li').count(), POLL).toBe(10);

    await page.getByLabel('Search posts').fill('KEYWORD');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\?q=KEYWORD/);
    await page.getByText(/\d+ posts? found for “KEYWORD”/).waitFor();
    const searched = await page.locator('main ul.grid > li').count();
    expect(searched).toBeGreaterThan(0);
    expect(searched).toBeLessThan(10);

    await page.getByRole('link', { name: 'Case Study: filter by category' }).click();
    await page.waitForURL(/category=Case\+Study/);
    await page.getByRole('link', { name: 'Clear All Filters' }).click();
    await page.waitForURL((url) => url.pathname === '/blog' && url.search === '');
    await expect.poll(() => page.locator('main ul.grid > li').count(), POLL).toBe(10);

    await page.getByRole('link', { name: 'seo: filter by tag' }).click();
    await page.waitForURL(/tag=seo/);
    await page.getByText(/\d+ posts? found/).waitFor();
  });

  it('server-renders the footer link to case studies', async () => {
    const page = await openPage('/');
    await hydrated(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Case Studies' }).click();
    await page.waitForURL(/\/blog\?category=Case\+Study/);
    await page.getByText('2 posts found').waitFor();
    const titles = await page.locator('main ul.grid h2').allTextContents();
    expect(titles).toHaveLength(2);
    const html = await (await fetchPage('/blog?category=Case+Study')).text();
    for (const title of titles) expect(html).toContain(title.replace(/'/g, '&#x27;'));
  });

  it('shows the empty state and resets the filters', async () => {
    const page = await openPage('/blog?q=zzzz-nothing');
    await hydrated(page);
    await page.getByRole('heading', { name: 'No posts found' }).waitFor();
    await page.getByText('Try adjusting your search or filter criteria.').waitFor();
    await page.getByRole('link', { name: 'Reset Filters' }).click();
    await page.waitForURL((url) => url.search === '');
  });

  it('opens a post with its header, author, related posts and client-side internal links', async () => {
    const page = await openPage('/blog');
    await hydrated(page);
    await page
      .getByRole('link', { name: 'Why We Built Wordloom: AI That Writes Like Your Team' })
      .click();
    await page.waitForURL(/\/blog\/why-we-built-wordloom$/);
    await page
      .getByRole('heading', {
        level: 1,
        name: 'Why We Built Wordloom: AI That Writes Like Your Team',
      })
      .waitFor();
    await page.getByText('January 21, 2025').waitFor();
    await page.getByText('Co-founder & CEO, Wordloom').waitFor();
    expect(await page.locator('section[aria-labelledby="related-heading"] li').count()).toBe(3);

    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied to clipboard!').first().waitFor();

    // A link inside the markdown starting with '/' navigates without a reload.
    await page.evaluate(() => ((window as { marker?: boolean }).marker = true));
    await page.locator('.post-content a[href="/features"]').first().click();
    await page.waitForURL(/\/features$/);
    expect(await page.evaluate(() => (window as { marker?: boolean }).marker)).toBe(true);
  });

  it('shows the post skeleton while a post loads, reached from the home page or a related post', async () => {
    const page = await openPage('/');
    await hydrated(page);
    // Each post's data request waits until the test lets it through.
    let release = () => {};
    let gate = Promise.resolve();
    const hold = () => (gate = new Promise<void>((resolve) => (release = resolve)));
    await page.route(
      (url) => /^\/blog\/[^/]+\.data$/.test(url.pathname),
      async (route) => {
        await gate;
        await route.continue();
      },
    );
    const skeleton = page.getByRole('status').filter({ hasText: 'Loading post…' });

    const latest = page.locator('#latest-posts li').first().getByRole('link');
    const title = (await latest.textContent())!.trim();
    hold();
    await latest.click();
    await skeleton.waitFor();
    expect(await page.getByRole('heading', { level: 1, name: title }).count()).toBe(0);
    release();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await skeleton.waitFor({ state: 'detached' });

    const related = page
      .locator('section[aria-labelledby="related-heading"] li')
      .first()
      .getByRole('link');
    const relatedTitle = (await related.textContent())!.trim();
    hold();
    await related.click();
    await skeleton.waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: relatedTitle }).waitFor();
    await skeleton.waitFor({ state: 'detached' });
  });

  it('gives other authors the generic role line', async () => {
    const page = await openPage('/blog/agency-triples-content-output-case-study');
    await page.getByText('Content Creators').waitFor();
  });

  it('redirects an unknown slug to the blog', async () => {
    const page = await openPage('/blog/no-such-post');
    expect(new URL(page.url()).pathname).toBe('/blog');
  });
});

describe('layout and interactions', () => {
  it('collapses the navigation into a menu on phones that closes on navigation and on a wide viewport', async () => {
    const page = await openPage('/', { width: 375 });
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    await menu.getByRole('link', { name: 'Features' }).click();
    await page.waitForURL(/\/features$/);
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => window.scrollY), POLL).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor();
    await page.setViewportSize({ width: 1024, height: 900 });
    await menu.waitFor({ state: 'detached' });
  });

  it('opens feature screenshots full screen and locks page scroll until closed', async () => {
    const page = await openPage('/features');
    await hydrated(page);
    await page.getByRole('button', { name: /View full screen: SEO Intelligence Engine/ }).click();
    const viewer = page.getByRole('dialog', { name: 'SEO Intelligence Engine' });
    await viewer.waitFor();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).overflow), POLL)
      .toBe('hidden');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /View full screen: Content Hub/ }).click();
    await page.getByRole('dialog', { name: 'Content Hub' }).waitFor();
    await page.mouse.click(5, 5);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).overflow), POLL)
      .not.toBe('hidden');
  });

  it('scrolls to the anchor when the address has a hash', async () => {
    const page = await openPage('/');
    await hydrated(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Roadmap' }).click();
    await page.waitForURL(/\/features#roadmap$/);
    await page.waitForFunction(() => {
      const roadmap = document.getElementById('roadmap');
      return roadmap !== null && Math.abs(roadmap.getBoundingClientRect().top) < 120;
    });
  });

  it('shows the latest three posts on the home page and toggles the content-version panel with Alt+V', async () => {
    const page = await openPage('/');
    await hydrated(page);
    expect(await page.locator('#latest-posts li').count()).toBe(3);
    await page.getByRole('link', { name: 'View All Posts' }).waitFor();
    await page.keyboard.press('Alt+KeyV');
    await page.getByRole('complementary', { name: 'Content versions' }).waitFor();
    await page.keyboard.press('Alt+KeyV');
    await page
      .getByRole('complementary', { name: 'Content versions' })
      .waitFor({ state: 'detached' });
  });
});
