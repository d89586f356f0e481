import type { DB } from '@repo/db';
import { isUuid } from '../errors';
import type { PostImageStore, StoredPostImage } from './post-image-store';

/** Post images in PostgreSQL (tables post_images and post_image_variants, migration 020). */
export function createPostgresPostImageStore(db: DB): PostImageStore {
  async function findBySha256(sha256: string): Promise<StoredPostImage | undefined> {
    const image = await db
      .selectFrom('postImages')
      .select(['id', 'width', 'height'])
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    if (!image) return undefined;
    const variants = await db
      .selectFrom('postImageVariants')
      .select(['width', 'height'])
      .where('imageId', '=', image.id)
      .orderBy('width')
      .execute();
    return { ...image, variants };
  }

  return {
    async put(processed, uploader) {
      const existing = await findBySha256(processed.sha256);
      if (existing) return { image: existing, created: false };
      const inserted = await db.transaction().execute(async (trx) => {
        // Two uploads of the same file at once: the unique sha256 lets one in.
        const row = await trx
          .insertInto('postImages')
          .values({
            sha256: processed.sha256,
            width: processed.width,
            height: processed.height,
            uploadedByUserId: uploader.userId,
            uploadedByApiKeyId: uploader.apiKeyId,
            uploadedByLabel: uploader.label,
          })
          .onConflict((conflict) => conflict.column('sha256').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return undefined;
        await trx
          .insertInto('postImageVariants')
          .values(
            processed.variants.map((variant) => ({
              imageId: row.id,
              width: variant.width,
              height: variant.height,
              format: 'webp' as const,
              bytes: variant.bytes,
            })),
          )
          .execute();
        return row.id;
      });
      if (inserted === undefined) {
        const winner = await findBySha256(processed.sha256);
        if (!winner) throw new Error('post image vanished after a concurrent upload');
        return { image: winner, created: false };
      }
      const { width, height, variants } = processed;
      return {
        image: {
          id: inserted,
          width,
          height,
          variants: variants.map((variant) => ({ width: variant.width, height: variant.height })),
        },
        created: true,
      };
    },

    async getVariant(image, width) {
      if (!isUuid(image.id)) return undefined;
      const variant = await db
        .selectFrom('postImageVariants as variant')
        .innerJoin('postImages as image', 'image.id', 'variant.imageId')
        .select(['variant.width', 'variant.height', 'variant.format', 'variant.bytes'])
        .where('image.id', '=', image.id)
        .where('image.width', '=', image.width)
        .where('image.height', '=', image.height)
        .where('variant.width', '=', width)
        .executeTakeFirst();
      if (!variant) return undefined;
      // node-pg reads bytea as a Buffer, PGlite (the embedded database) as a Uint8Array.
      const { bytes } = variant;
      return { ...variant, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    },
  };
}
