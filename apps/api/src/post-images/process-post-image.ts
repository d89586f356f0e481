import { createHash } from 'node:crypto';
import {
  POST_IMAGE_MAX_PIXELS,
  POST_IMAGE_MESSAGES,
  type PostImageSize,
  postImageVariantHeight,
  postImageWidths,
} from '@repo/validation';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors';

/*
 * An uploaded image becomes its WebP sizes (issue 23). Its type is read from its
 * first bytes, never from a Content-Type header or a file name, before sharp sees
 * it: an SVG (scripts, external references), an HTML page or anything else is
 * refused before any decoder runs. The pixel count is checked from the header
 * before decoding (a decompression bomb is a few kilobytes claiming billions of
 * pixels), and sharp's own limit stands behind it. The output carries no metadata
 * (sharp writes none unless asked: no EXIF, GPS, ICC profile, XMP or comments),
 * after the EXIF orientation has been applied to the pixels.
 */

/** The types accepted, by what their first bytes say. */
type PostImageType = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/** The brands of an ISO-BMFF `ftyp` box (major and compatible), when the file starts with one. */
function ftypBrands(bytes: Buffer): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4)
    brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

/** The image type the bytes begin with, or undefined for anything else (SVG, HTML, text, HEIC…). */
function detectImageType(bytes: Buffer): PostImageType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return 'webp';
  const brands = ftypBrands(bytes);
  if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  return undefined;
}

/** What sharp's metadata calls each accepted type: the decoder must agree with the bytes. */
const SHARP_FORMAT: Record<PostImageType, string> = {
  png: 'png',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  avif: 'heif',
};

interface ProcessedVariant {
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedPostImage {
  /** SHA-256 (hex) of the uploaded bytes. */
  sha256: string;
  /** The original's size once its EXIF orientation is applied. */
  width: number;
  height: number;
  /** Smallest first. */
  variants: ProcessedVariant[];
}

const unsupported = () =>
  new AppError(415, POST_IMAGE_MESSAGES.unsupportedType, 'unsupported_media_type');
const unprocessable = (message: string, type: string) => new AppError(422, message, type);

const tooManyPixels = () => unprocessable(POST_IMAGE_MESSAGES.tooManyPixels, 'too_many_pixels');

/** sharp's refusal as a 422: its own pixel limit (limitInputPixels), or a file it cannot decode. */
function decodingError(error: unknown): AppError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels();
  return unprocessable(POST_IMAGE_MESSAGES.unreadable, 'unreadable_image');
}

/** WebP quality of every size: photographs and screenshots both look right at it. */
const WEBP_QUALITY = 80;

/** The sizes of an uploaded image, or a 4xx AppError (415 type, 422 too many pixels or unreadable). */
export async function processPostImage(bytes: Buffer): Promise<ProcessedPostImage> {
  if (bytes.length === 0) throw new AppError(400, POST_IMAGE_MESSAGES.empty, 'invalid_request');
  const type = detectImageType(bytes);
  if (!type) throw unsupported();

  // Only the first frame of an animation (pages: 1, sharp's default) is read.
  const options = { limitInputPixels: POST_IMAGE_MAX_PIXELS, failOn: 'error' } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    throw decodingError(error);
  }
  if (metadata.format !== SHARP_FORMAT[type]) throw unsupported();
  if (type === 'avif' && metadata.compression !== 'av1') throw unsupported();
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw unprocessable(POST_IMAGE_MESSAGES.unreadable, 'unreadable_image');
  if (width * height > POST_IMAGE_MAX_PIXELS) throw tooManyPixels();

  const original: PostImageSize = { id: '', width, height };
  const variants: ProcessedVariant[] = [];
  try {
    for (const variantWidth of postImageWidths(width)) {
      const variantHeight = postImageVariantHeight(original, variantWidth);
      const output = await sharp(bytes, options)
        .autoOrient()
        .resize(variantWidth, variantHeight, { fit: 'fill' })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      variants.push({ width: variantWidth, height: variantHeight, bytes: output });
    }
  } catch (error) {
    throw decodingError(error);
  }
  return { sha256: createHash('sha256').update(bytes).digest('hex'), width, height, variants };
}
