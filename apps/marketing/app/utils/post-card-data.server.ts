import type { BlogPostSummary } from '@repo/api-client';
import { format, formatDistanceToNow, parseISO } from 'date-fns';
import type { PostCardData } from '~/components/blog/post-card';

/** The fields a post card shows, the relative date already written (spec section 2). */
export function toPostCardData(post: BlogPostSummary): PostCardData {
  const { slug, title, excerpt, date, category, readingTime, author, featuredImage } = post;
  return {
    slug,
    title,
    excerpt,
    date,
    category,
    readingTime,
    author,
    ...(featuredImage ? { featuredImage } : {}),
    publishedAgo: formatDistanceToNow(parseISO(date), { addSuffix: true }),
  };
}

/** A post page's date, e.g. 'October 14, 2025'. */
export function formatPostDate(date: string): string {
  return format(parseISO(date), 'MMMM d, yyyy');
}
