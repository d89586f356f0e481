import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isUuid } from '../errors';
import type { PostImageStore, StoredPostImage } from './post-image-store';

/*
 * Post images in a folder: the same contract as the PostgreSQL store, for an
 * installation with one API instance or a shared volume (the deployments use
 * PostgreSQL; docs/publishing.md says why). Layout:
 *
 *   images/<id>/image.json     the image (size, who, when, its sizes)
 *   images/<id>/<width>.webp   each size
 *   sha256/<hex>               the id of the image those uploaded bytes made
 *
 * An image's folder is written aside and renamed into place, then its sha256 file
 * is created exclusively: of two uploads of the same file at once, one wins and
 * the other answers the winner's image.
 */

interface ImageFile extends StoredPostImage {
  sha256: string;
  uploadedBy: { userId: string | null; apiKeyId: string | null; label: string };
  createdAt: string;
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

export function createFileSystemPostImageStore(root: string): PostImageStore {
  const imageFolder = (id: string) => path.join(root, 'images', id);
  const shaFile = (sha256: string) => path.join(root, 'sha256', sha256);

  async function readImage(id: string): Promise<ImageFile | undefined> {
    try {
      return JSON.parse(await readFile(path.join(imageFolder(id), 'image.json'), 'utf8'));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async function imageOfUpload(sha256: string): Promise<StoredPostImage | undefined> {
    let id: string;
    try {
      id = await readFile(shaFile(sha256), 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    const image = await readImage(id);
    return image && { id, width: image.width, height: image.height, variants: image.variants };
  }

  return {
    async put(processed, uploader) {
      const existing = await imageOfUpload(processed.sha256);
      if (existing) return { image: existing, created: false };

      const id = randomUUID();
      const image: StoredPostImage = {
        id,
        width: processed.width,
        height: processed.height,
        variants: processed.variants.map(({ width, height }) => ({ width, height })),
      };
      const staging = path.join(root, 'staging', id);
      await mkdir(staging, { recursive: true });
      for (const variant of processed.variants) {
        await writeFile(path.join(staging, `${variant.width}.webp`), variant.bytes);
      }
      const file: ImageFile = {
        ...image,
        sha256: processed.sha256,
        uploadedBy: uploader,
        createdAt: new Date().toISOString(),
      };
      await writeFile(path.join(staging, 'image.json'), JSON.stringify(file));
      await mkdir(path.join(root, 'images'), { recursive: true });
      await rename(staging, imageFolder(id));

      await mkdir(path.join(root, 'sha256'), { recursive: true });
      try {
        await writeFile(shaFile(processed.sha256), id, { flag: 'wx' });
      } catch (error) {
        if ((error as { code?: string }).code !== 'EEXIST') throw error;
        await rm(imageFolder(id), { recursive: true, force: true });
        const winner = await imageOfUpload(processed.sha256);
        if (!winner)
          throw new Error('post image vanished after a concurrent upload', { cause: error });
        return { image: winner, created: false };
      }
      return { image, created: true };
    },

    async getVariant(wanted, width) {
      if (!isUuid(wanted.id)) return undefined;
      const image = await readImage(wanted.id.toLowerCase());
      if (!image || image.width !== wanted.width || image.height !== wanted.height)
        return undefined;
      const variant = image.variants.find((candidate) => candidate.width === width);
      if (!variant) return undefined;
      const bytes = await readFile(path.join(imageFolder(image.id), `${width}.webp`));
      return { ...variant, format: 'webp', bytes };
    },
  };
}
