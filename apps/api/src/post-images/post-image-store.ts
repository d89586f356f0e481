import type { PostImageSize } from '@repo/validation';
import type { ProcessedPostImage } from './process-post-image';

/*
 * Where post images live (issue 23), behind one small interface: PostgreSQL
 * (postgres-post-image-store.ts) in every deployment, since the API's instances
 * share the database and no volume, and its backups hold the images too; the
 * file-system store (file-system-post-image-store.ts) keeps the same contract
 * (test/post-images/post-image-store.test.ts runs the same cases against both).
 */

/** Who uploaded an image: a staff account or an API key, and a label that outlives both. */
interface PostImageUploader {
  userId: string | null;
  apiKeyId: string | null;
  label: string;
}

export interface StoredPostImage {
  id: string;
  width: number;
  height: number;
  variants: { width: number; height: number }[];
}

interface PostImageVariant {
  width: number;
  height: number;
  format: 'webp';
  bytes: Buffer;
}

export interface PostImageStore {
  /**
   * Keeps an image and its sizes. The same uploaded bytes (same SHA-256) are the
   * same image: the one already kept is answered, with `created` false.
   */
  put(
    image: ProcessedPostImage,
    uploader: PostImageUploader,
  ): Promise<{ image: StoredPostImage; created: boolean }>;
  /**
   * The size `width` wide of the image, or undefined unless an image of that id,
   * with that original width and height, has it.
   */
  getVariant(image: PostImageSize, width: number): Promise<PostImageVariant | undefined>;
}
