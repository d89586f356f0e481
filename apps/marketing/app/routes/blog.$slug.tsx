import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostArticle } from '~/components/blog/post-article';
import { relatedPosts } from '~/utils/blog-filters';
import { renderArticle } from '~/utils/markdown.server';
import { featuredImageOf } from '~/utils/post-images';
import { formatPostDate, toPostCardData } from '~/utils/post-card-data.server';
import { findPost, listPosts } from '~/utils/posts.server';
import { env } from '~/env.server';
import { siteRoutes } from '@repo/api-client';
import { jsonLd, pageMeta, siteUrlFrom } from '~/utils/seo';
import { RELATED_POSTS_MAX, SITE_NAME } from '~/utils/site';

/** A slug as the API writes them; anything else is never asked about. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MOVED_LOCATION = /^\/api\/posts\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/**
 * Issue 23: the slug a published post has now, when `slug` is one of its old
 * ones (the API answers 301 to /api/posts/<new>); undefined otherwise, or when
 * the API cannot say.
 */
async function movedSlugOf(slug: string): Promise<string | undefined> {
  if (slug.length > 120 || !SLUG.test(slug)) return undefined;
  try {
    const response = await fetch(`${env.API_URL}${siteRoutes.posts.post(slug)}`, {
      redirect: 'manual',
      headers: { accept: 'application/json' },
    });
    if (response.status !== 301) return undefined;
    return MOVED_LOCATION.exec(response.headers.get('location') ?? '')?.[1];
  } catch {
    return undefined;
  }
}

export const loader = async ({ params, context }: LoaderFunctionArgs) => {
  const slug = params.slug ?? '';
  const [posts, found] = await Promise.all([listPosts(), findPost(slug)]);
  if (!found) {
    // Issue 23: a renamed post's old address moved for good (301) to its new one.
    const movedTo = await movedSlugOf(slug);
    if (movedTo) throw redirect(`/blog/${movedTo}`, 301);
    // Spec section 8: an unknown slug redirects to the blog listing.
    throw redirect('/blog');
  }
  // The text travels once, as HTML (the markdown source stays on the server): in a
  // document's markup, or as data for a client navigation (see article-html.ts).
  const { post, html } = renderArticle(found, context);
  return {
    post,
    displayDate: formatPostDate(post.date),
    html,
    related: relatedPosts(post, posts, RELATED_POSTS_MAX).map(toPostCardData),
  };
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const siteUrl = siteUrlFrom(matches);
  if (!data) return [{ title: `Blog | ${SITE_NAME}` }];
  const { post } = data;
  const path = `/blog/${post.slug}`;
  const image = featuredImageOf(post);
  return [
    ...pageMeta({
      title: post.title,
      description: post.excerpt,
      path,
      siteUrl,
      // Social networks do not render SVG previews: SVG illustrations fall back to the site image.
      ...(image.src.endsWith('.svg') ? {} : { image: image.src, imageAlt: image.alt }),
      type: 'article',
      extra: [
        { property: 'article:published_time', content: post.date },
        { property: 'article:section', content: post.category },
        ...post.tags.map((tag) => ({ property: 'article:tag', content: tag })),
      ],
    }),
    jsonLd({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      datePublished: post.date,
      dateModified: post.date,
      articleSection: post.category,
      keywords: post.tags.join(', '),
      image: new URL(image.src, siteUrl).href,
      url: new URL(path, siteUrl).href,
      mainEntityOfPage: new URL(path, siteUrl).href,
      timeRequired: `PT${post.readingTime}M`,
      author: {
        '@type': 'Person',
        name: post.author,
        ...(post.authorEmail ? { email: post.authorEmail } : {}),
      },
      publisher: {
        '@type': 'Organization',
        name: SITE_NAME,
        logo: { '@type': 'ImageObject', url: new URL('/images/logo.svg', siteUrl).href },
      },
    }),
  ];
};

export default function BlogPostPage() {
  return <PostArticle {...useLoaderData<typeof loader>()} />;
}
