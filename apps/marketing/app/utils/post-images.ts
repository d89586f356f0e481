import type { BlogPost } from '@repo/api-client';
import { SITE_NAME } from './site';

const FALLBACK_POST_IMAGE = '/images/blog/fallback.svg';

/** A post's featured image, or the fallback for posts without one (spec section 2). */
export function featuredImageOf(post: Pick<BlogPost, 'featuredImage' | 'title'>): {
  src: string;
  alt: string;
} {
  return post.featuredImage
    ? { src: post.featuredImage, alt: `Illustration for "${post.title}"` }
    : {
        src: FALLBACK_POST_IMAGE,
        alt: `${SITE_NAME} blog illustration: woven threads forming a document`,
      };
}
