import { env } from '~/env.server';
import { FEED_CACHE } from '~/utils/cache-control';
import { listPosts } from '~/utils/posts.server';
import { PUBLIC_PAGES } from '~/utils/site';
import { escapeXml, XML_CONTENT_SECURITY_POLICY } from '~/utils/xml.server';

function urlEntry(loc: string, changefreq: string, priority: number, lastmod?: string): string {
  return [
    '  <url>',
    `    <loc>${escapeXml(loc)}</loc>`,
    ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
    `    <changefreq>${changefreq}</changefreq>`,
    `    <priority>${priority.toFixed(1)}</priority>`,
    '  </url>',
  ].join('\n');
}

/** Every public page and every post. */
export const loader = async () => {
  const siteUrl = env.PUBLIC_SITE_URL;
  const posts = await listPosts();
  const entries = [
    ...PUBLIC_PAGES.map((page) =>
      urlEntry(
        new URL(page.path, siteUrl).href,
        page.changefreq,
        page.priority,
        page.path === '/blog' ? posts[0]?.date : undefined,
      ),
    ),
    ...posts.map((post) =>
      urlEntry(new URL(`/blog/${post.slug}`, siteUrl).href, 'monthly', 0.7, post.date),
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': FEED_CACHE,
      'Content-Security-Policy': XML_CONTENT_SECURITY_POLICY,
    },
  });
};
