import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileSystemPostImageStore } from '../../src/post-images/file-system-post-image-store';
import type { PostImageStore } from '../../src/post-images/post-image-store';
import { createPostgresPostImageStore } from '../../src/post-images/postgres-post-image-store';
import type { ProcessedPostImage } from '../../src/post-images/process-post-image';
import { useTestContext } from '../helpers/use-context';

/*
 * Issue 23: the two PostImageStore implementations keep one contract. The same
 * cases run against PostgreSQL (what the deployments use) and a folder.
 */

const ctx = useTestContext();
let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'post-images-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const uploader = { userId: null, apiKeyId: null, label: 'test' };

/** A processed image of made-up bytes (the store keeps bytes, it does not read them). */
function processed(width = 800, height = 400): ProcessedPostImage {
  const seed = randomUUID();
  const variants = [320, 640, width].map((w) => ({
    width: w,
    height: Math.round((height * w) / width),
    bytes: Buffer.from(`${seed}-${w}`),
  }));
  return {
    sha256: createHash('sha256').update(seed).digest('hex'),
    width,
    height,
    variants,
  };
}

const stores: [string, () => PostImageStore][] = [
  ['PostgreSQL', () => createPostgresPostImageStore(ctx.database.db)],
  ['a folder', () => createFileSystemPostImageStore(folder)],
];

describe.each(stores)('the post image store in %s', (_name, makeStore) => {
  it('keeps an image and gives back each of its sizes, byte for byte', async () => {
    const store = makeStore();
    const image = processed();
    const { image: stored, created } = await store.put(image, uploader);
    expect(created).toBe(true);
    expect(stored).toMatchObject({ width: 800, height: 400 });
    expect(stored.variants).toEqual([
      { width: 320, height: 160 },
      { width: 640, height: 320 },
      { width: 800, height: 400 },
    ]);
    for (const variant of image.variants) {
      const read = await store.getVariant(stored, variant.width);
      expect(read).toEqual({ ...variant, format: 'webp' });
    }
  });

  it('answers the first image for the same bytes, and stores nothing more', async () => {
    const store = makeStore();
    const image = processed();
    const first = await store.put(image, uploader);
    const again = await store.put({ ...image, variants: image.variants.slice(0, 1) }, uploader);
    expect(again).toEqual({ image: first.image, created: false });
  });

  it('makes one image of two puts of the same bytes at once', async () => {
    const store = makeStore();
    const image = processed();
    const results = await Promise.all([store.put(image, uploader), store.put(image, uploader)]);
    expect(results.map((result) => result.created).sort()).toEqual([false, true]);
    expect(results[0]!.image.id).toBe(results[1]!.image.id);
  });

  it('has nothing for an unknown id, another original size or a width it lacks', async () => {
    const store = makeStore();
    const { image } = await store.put(processed(), uploader);
    expect(await store.getVariant({ ...image, id: randomUUID() }, 320)).toBeUndefined();
    expect(await store.getVariant({ ...image, height: 401 }, 320)).toBeUndefined();
    expect(await store.getVariant(image, 960)).toBeUndefined();
    expect(await store.getVariant({ ...image, id: '../../etc' }, 320)).toBeUndefined();
  });
});
