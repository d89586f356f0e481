import { postImageAttributes } from '@repo/content/post-images';
import type { BlogPost } from '@repo/api-client';
import { SITE_NAME } from './site';

const FALLBACK_POST_IMAGE = '/images/blog/fallback.svg';

/** The illustrations of the site (and any image not uploaded through the API) are 1200×630. */
const ILLUSTRATION_SIZE = { width: 1200, height: 630 };

/** A post card's image: half the 1152 px container from a 768 px window (the blog's two columns), else the whole width. */
export const POST_CARD_IMAGE_SIZES = '(min-width: 768px) 560px, 100vw';

export interface FeaturedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** An uploaded image's sizes (issue 23), with the `sizes` they are chosen by. */
  srcSet?: string;
  sizes?: string;
}

/**
 * A post's featured image, or the fallback for posts without one (spec section
 * 2). An uploaded image (issue 23) comes with its srcset and its own width and
 * height, read from its address, so the page keeps its place while it loads;
 * `sizes` says how wide it is shown (the post's column unless told).
 */
export function featuredImageOf(
  post: Pick<BlogPost, 'featuredImage' | 'title'>,
  sizes?: string,
): FeaturedImage {
  if (!post.featuredImage) {
    return {
      src: FALLBACK_POST_IMAGE,
      alt: `${SITE_NAME} blog illustration: woven threads forming a document`,
      ...ILLUSTRATION_SIZE,
    };
  }
  const alt = `Illustration for "${post.title}"`;
  const uploaded = postImageAttributes(post.featuredImage, sizes);
  return uploaded ? { ...uploaded, alt } : { src: post.featuredImage, alt, ...ILLUSTRATION_SIZE };
}
