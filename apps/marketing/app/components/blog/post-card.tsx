import { Link } from '@remix-run/react';
import type { BlogPostSummary } from '@repo/api-client';
import { Card } from '@repo/ui/card';
import Clock from 'lucide-react/icons/clock';
import { featuredImageOf, POST_CARD_IMAGE_SIZES } from '~/utils/post-images';

/**
 * What a card shows of a post (made by toPostCardData on the server): loaders send
 * only this, never a post's text (issue 13), and the relative date is written on
 * the server so date-fns stays out of the browser's download.
 */
export type PostCardData = Pick<
  BlogPostSummary,
  'slug' | 'title' | 'excerpt' | 'date' | 'category' | 'readingTime' | 'author' | 'featuredImage'
> & {
  /** 'about 2 months ago' */
  publishedAgo: string;
};

interface PostCardProps {
  post: PostCardData;
  /** Heading level inside the page's outline. */
  headingLevel?: 'h2' | 'h3';
}

/** Spec section 2: relative time, category in capitals, 'N min read', 'By author', image. */
export function PostCard({ post, headingLevel: Heading = 'h3' }: PostCardProps) {
  const image = featuredImageOf(post, POST_CARD_IMAGE_SIZES);
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md">
      {/* Cropped to the cards' one proportion (aspect-[1200/630]), whatever the image's. */}
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.sizes}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
        className="aspect-[1200/630] h-auto w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <span className="font-semibold uppercase tracking-wide text-primary">
            {post.category}
          </span>
          <time dateTime={post.date} className="text-muted-foreground">
            {post.publishedAgo}
          </time>
        </div>
        <Heading className="text-xl font-semibold leading-snug tracking-tight">
          <Link
            to={`/blog/${post.slug}`}
            prefetch="intent"
            className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p>
        <div className="mt-auto flex items-center justify-between gap-3 pt-2 text-sm text-muted-foreground">
          <span>By {post.author}</span>
          <span className="inline-flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden="true" />
            {post.readingTime} min read
          </span>
        </div>
      </div>
    </Card>
  );
}
