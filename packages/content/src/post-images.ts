import {
  parsePostImageUrl,
  postImageUrl,
  postImageVariantHeight,
  postImageWidths,
} from '@repo/validation/post-image-urls';

/*
 * An uploaded post image's attributes (issue 23), from its address alone: the
 * address carries the original's width and height (post-image-urls.ts in
 * @repo/validation), so the page sets `srcset`, `width` and `height` without
 * asking the API, and nothing shifts while the image loads.
 */

/** A post's column: 720 px wide from a 768 px window (the article's max-w-3xl less its padding). */
export const POST_BODY_IMAGE_SIZES = '(min-width: 768px) 720px, 100vw';

export interface PostImageAttributes {
  src: string;
  srcSet: string;
  sizes: string;
  width: number;
  height: number;
}

/**
 * `src`, `srcSet`, `sizes`, `width` and `height` for an uploaded image's address
 * (any of its sizes), or undefined for any other address. `src` is the largest
 * size; `width` and `height` are its own, so the box has the image's proportions.
 */
export function postImageAttributes(
  src: string,
  sizes: string = POST_BODY_IMAGE_SIZES,
): PostImageAttributes | undefined {
  const named = parsePostImageUrl(src);
  if (!named) return undefined;
  const { image } = named;
  const widths = postImageWidths(image.width);
  const largest = widths[widths.length - 1]!;
  return {
    src: postImageUrl(image, largest),
    srcSet: widths.map((width) => `${postImageUrl(image, width)} ${width}w`).join(', '),
    sizes,
    width: largest,
    height: postImageVariantHeight(image, largest),
  };
}
