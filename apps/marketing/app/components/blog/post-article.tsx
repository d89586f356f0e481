import { Link } from '@remix-run/react';
import type { BlogPost } from '@repo/api-client';
import { Badge, Button } from '@repo/ui';
import { ArrowLeft, Clock } from 'lucide-react';
import { AuthorBlock } from '~/components/blog/author-block';
import { PostCard, type PostCardData } from '~/components/blog/post-card';
import { PostContent } from '~/components/blog/post-content';
import { ShareButton } from '~/components/blog/share-button';
import { HIGH_PRIORITY } from '~/utils/image-priority';
import { featuredImageOf } from '~/utils/post-images';

/** The post page's article: the published post's page and its preview (issue 23) show the same. */
export function PostArticle({
  post,
  displayDate,
  html,
  related,
}: {
  post: Omit<BlogPost, 'content'>;
  displayDate: string;
  /** The text as HTML; null on a document, whose markup carries it (see article-html.ts). */
  html: string | null;
  related: PostCardData[];
}) {
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
