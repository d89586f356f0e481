import { env } from '~/env.server';
import { FEED_CACHE } from '~/utils/cache-control';
import { listPosts } from '~/utils/posts.server';
import { rssFeed } from '~/utils/rss-feed.server';
import { FOUNDED_YEAR, SITE_NAME } from '~/utils/site';
import { XML_CONTENT_SECURITY_POLICY } from '~/utils/xml.server';

/** The blog as an RSS 2.0 feed, newest first. */
export const loader = async () => {
  const siteUrl = env.PUBLIC_SITE_URL;
  const posts = await listPosts();
  const blog = new URL('/blog', siteUrl).href;
  const xml = rssFeed(
    {
      title: `${SITE_NAME} Blog`,
      description: `Guides on AI writing, SEO strategy and content workflows from the ${SITE_NAME} team.`,
      link: blog,
      self: new URL('/rss.xml', siteUrl).href,
      language: 'en',
      image: new URL('/images/logo.svg', siteUrl).href,
      copyright: `© ${FOUNDED_YEAR} ${SITE_NAME}`,
      updated: posts[0] ? new Date(`${posts[0].date}T00:00:00Z`) : undefined,
    },
    posts.map((post) => ({
      title: post.title,
      link: new URL(`/blog/${post.slug}`, siteUrl).href,
      description: post.excerpt,
      date: new Date(`${post.date}T00:00:00Z`),
      category: post.category,
      author: post.author,
      ...(post.authorEmail ? { authorEmail: post.authorEmail } : {}),
      ...(post.featuredImage ? { image: new URL(post.featuredImage, siteUrl).href } : {}),
    })),
  );
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': FEED_CACHE,
      'Content-Security-Policy': XML_CONTENT_SECURITY_POLICY,
    },
  });
};
