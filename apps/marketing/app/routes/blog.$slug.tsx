import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Badge, Button } from '@repo/ui';
import { ArrowLeft, Clock } from 'lucide-react';
import { AuthorBlock } from '~/components/blog/author-block';
import { PostCard } from '~/components/blog/post-card';
import { PostContent } from '~/components/blog/post-content';
import { ShareButton } from '~/components/blog/share-button';
import { relatedPosts } from '~/utils/blog-filters';
import { renderMarkdown } from '~/utils/markdown.server';
import { featuredImageOf } from '~/utils/post-images';
import { formatPostDate, toPostCardData } from '~/utils/post-card-data.server';
import { findPost, listPosts } from '~/utils/posts.server';
import { env } from '~/env.server';
import { siteRoutes } from '@repo/api-client';
import { HIGH_PRIORITY } from '~/utils/image-priority';
import { jsonLd, pageMeta, siteUrlFrom } from '~/utils/seo';
import { RELATED_POSTS_MAX, SITE_NAME } from '~/utils/site';

const MISSING_CONTENT = 'The full article is on its way. Check back soon.';

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
  const { content, ...post } = found;
  const html = renderMarkdown(content?.trim() ? content : MISSING_CONTENT);
  if (context.documentRequest) context.articleHtml = html;
  return {
    post,
    displayDate: formatPostDate(post.date),
    html: context.documentRequest ? null : html,
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
  const { post, displayDate, html, related } = useLoaderData<typeof loader>();
  const image = featuredImageOf(post);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to="/blog">
          <ArrowLeft aria-hidden="true" />
          Back to Blog
        </Link>
      </Button>
      <header className="mt-6">
        <Badge variant="secondary" className="uppercase tracking-wide">
          {post.category}
        </Badge>
        <h1 className="mt-4 text-balance text-4xl font-bold tracking-tight sm:text-5xl">
          {post.title}
        </h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <time dateTime={post.date}>{displayDate}</time>
          <span className="inline-flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden="true" />
            {post.readingTime} min read
          </span>
          <span>By {post.author}</span>
        </div>
        <p className="mt-6 text-pretty text-xl text-muted-foreground">{post.excerpt}</p>
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.sizes}
          alt={image.alt}
          width={image.width}
          height={image.height}
          {...HIGH_PRIORITY}
          className="mt-8 h-auto w-full rounded-xl border"
        />
      </header>

      <div className="mt-10">
        <PostContent slug={post.slug} html={html} />
      </div>

      <div className="mt-10 flex flex-wrap items-center justify-between gap-3 border-t pt-6">
        <Button asChild variant="outline">
          <Link to="/blog">
            <ArrowLeft aria-hidden="true" />
            Back to Blog
          </Link>
        </Button>
        <ShareButton title={post.title} text={post.excerpt} />
      </div>

      <div className="mt-10">
        <AuthorBlock post={post} />
      </div>

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-16">
          <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
            Related Posts
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {related.map((relatedPost) => (
              <li key={relatedPost.slug}>
                <PostCard post={relatedPost} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
