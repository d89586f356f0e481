/*
 * The address of a post image (issue 23), written once: the API makes it, the
 * site and the console's preview read it. It carries the original's width and
 * height, so a renderer sets `width`, `height` and `srcset` without asking the
 * API anything:
 *
 *   /api/post-images/<image id>-<original width>x<original height>-<variant width>.webp
 *
 * No zod here: the site's pages import it.
 */

/** The widths an image is made in, never wider than the original (the largest is the original's below 1920). */
export const POST_IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

export const POST_IMAGE_PATH = '/api/post-images/';

/** An uploaded image's original size after rotation: what its address carries. */
export interface PostImageSize {
  id: string;
  width: number;
  height: number;
}

const MAX_WIDTH = Math.max(...POST_IMAGE_WIDTHS);

/** The variant widths of an image `originalWidth` wide, smallest first. */
export function postImageWidths(originalWidth: number): number[] {
  const largest = Math.min(originalWidth, MAX_WIDTH);
  return [...POST_IMAGE_WIDTHS.filter((width) => width < largest), largest];
}

/** The height of the variant `width` wide, the original's proportions kept (at least 1). */
export function postImageVariantHeight(original: PostImageSize, width: number): number {
  return Math.max(1, Math.round((original.height * width) / original.width));
}

/** The file name of one variant, e.g. `<id>-1600x900-960.webp`. */
export function postImageFileName(original: PostImageSize, width: number): string {
  return `${original.id}-${original.width}x${original.height}-${width}.webp`;
}

/** The address of one variant, under /api (the site and the console serve /api on their own origin). */
export function postImageUrl(original: PostImageSize, width: number): string {
  return `${POST_IMAGE_PATH}${postImageFileName(original, width)}`;
}

const FILE_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})-([1-9][0-9]{0,4})\.webp$/;

/**
 * The image and variant a file name names, or undefined: only the names
 * `postImageFileName` makes (a width the original has no variant of is none).
 */
export function parsePostImageFileName(
  fileName: string,
): { image: PostImageSize; width: number } | undefined {
  const match = FILE_NAME.exec(fileName);
  if (!match) return undefined;
  const image = { id: match[1]!, width: Number(match[2]), height: Number(match[3]) };
  const width = Number(match[4]);
  return postImageWidths(image.width).includes(width) ? { image, width } : undefined;
}

/** As parsePostImageFileName, for a whole address (`/api/post-images/<file>`, no query, no host). */
export function parsePostImageUrl(
  url: string,
): { image: PostImageSize; width: number } | undefined {
  if (!url.startsWith(POST_IMAGE_PATH)) return undefined;
  return parsePostImageFileName(url.slice(POST_IMAGE_PATH.length));
}
