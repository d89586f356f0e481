import { z } from './zod-config';

/*
 * Images of blog posts (issue 23): POST /api/admin/post-images takes the image's
 * bytes as the body; GET /api/post-images/:file serves its WebP sizes. The
 * addresses are post-image-urls.ts.
 */

/** The largest upload: a photograph straight from a camera fits. */
export const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The most pixels an upload may decode to (about 40 megapixels): a decompression bomb stops here. */
export const POST_IMAGE_MAX_PIXELS = 40_000_000;

export const POST_IMAGE_MESSAGES = {
  tooLarge: `The image is larger than ${POST_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  unsupportedType: 'The file is not a PNG, JPEG, WebP, GIF or AVIF image',
  empty: 'Send the image itself as the request body',
  tooManyPixels: `The image has more than ${POST_IMAGE_MAX_PIXELS / 1_000_000} million pixels`,
  unreadable: 'The image could not be read: the file is damaged or incomplete',
  notFound: 'Image not found',
} as const;

const variantSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
});

/** The answer to an upload: `src` (the largest size) goes into markdown or featuredImage. */
export const postImageSchema = z.object({
  id: z.string(),
  /** The original's size, after its EXIF orientation was applied. */
  width: z.number().int(),
  height: z.number().int(),
  src: z.string().meta({
    description:
      "The largest size's address; it carries the original's width and height, so the site sets srcset, width and height from it alone",
  }),
  variants: z.array(variantSchema),
});
export type PostImage = z.output<typeof postImageSchema>;

/** The path of a served size: `<id>-<W>x<H>-<w>.webp`. */
export const postImageFileParamsSchema = z.object({ file: z.string() });
