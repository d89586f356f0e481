import { Feed } from 'feed';
import { env } from '~/env.server';
import { FEED_CACHE } from '~/utils/cache-control';
import { listPosts } from '~/utils/posts.server';
import { FOUNDED_YEAR, SITE_NAME } from '~/utils/site';

/** The blog as an RSS 2.0 feed, newest first. */
export const loader = async () => {
  const siteUrl = env.PUBLIC_SITE_URL;
  const posts = await listPosts();
  const feed = new Feed({
    title: `${SITE_NAME} Blog`,
    description: `Guides on AI writing, SEO strategy and content workflows from the ${SITE_NAME} team.`,
    id: new URL('/blog', siteUrl).href,
    link: new URL('/blog', siteUrl).href,
    language: 'en',
    image: new URL('/images/logo.svg', siteUrl).href,
    favicon: new URL('/favicon.svg', siteUrl).href,
    copyright: `© ${FOUNDED_YEAR} ${SITE_NAME}`,
    updated: posts[0] ? new Date(`${posts[0].date}T00:00:00Z`) : undefined,
    feedLinks: { rss: new URL('/rss.xml', siteUrl).href },
  });
  for (const post of posts) {
    const link = new URL(`/blog/${post.slug}`, siteUrl).href;
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: post.excerpt,
      date: new Date(`${post.date}T00:00:00Z`),
      category: [{ name: post.category }],
      author: [{ name: post.author, ...(post.authorEmail ? { email: post.authorEmail } : {}) }],
      ...(post.featuredImage ? { image: new URL(post.featuredImage, siteUrl).href } : {}),
    });
  }
  return new Response(feed.rss2(), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': FEED_CACHE },
  });
};
