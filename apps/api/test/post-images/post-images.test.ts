import { randomUUID } from 'node:crypto';
import {
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_MESSAGES,
  type PostImage,
  postImageUrl,
} from '@repo/validation';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CSRF_MESSAGE } from '../../src/plugins/app/admin-auth';
import { insertStaffUser, sessionFor, signInAdmin } from '../helpers/admin';
import { useTestContext } from '../helpers/use-context';
import { apiKeyHeaders } from '../posts/helpers';
import { gif, phoneJpeg, pixelAt, pixelBombPng, png, webp } from './images';

/*
 * Issue 23: images of posts. Uploaded with posts:write (a session from the console,
 * or an API key), typed by their bytes, stripped of their metadata after rotation,
 * kept as WebP sizes, served for a year.
 */

const ctx = useTestContext();
const owner = () => signInAdmin(ctx).then((session) => session.headers);

function upload(body: Buffer | string, headers: Record<string, string>, contentType = 'image/png') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/post-images',
    headers: { ...headers, 'content-type': contentType },
    payload: body,
  });
}

async function uploaded(body: Buffer, contentType = 'image/png'): Promise<PostImage> {
  const response = await upload(body, await owner(), contentType);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PostImage>();
}

function serve(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

describe('uploading', () => {
  it('applies the EXIF orientation, then keeps no EXIF, GPS or colour profile in any size', async () => {
    const image = await uploaded(await phoneJpeg(), 'image/jpeg');
    // 1200×800 held sideways: 800×1200 once rotated.
    expect(image).toMatchObject({ width: 800, height: 1200 });
    expect(image.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 480],
      [640, 960],
      [800, 1200],
    ]);
    expect(image.src).toBe(image.variants[2]!.url);
    expect(image.src).toBe(`/api/post-images/${image.id}-800x1200-800.webp`);

    for (const variant of image.variants) {
      const served = await serve(variant.url);
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({
        format: 'webp',
        width: variant.width,
        height: variant.height,
      });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(served.rawPayload.includes('Ada Lovelace')).toBe(false);
    }
    // The original's left half (red) is the top once turned a quarter clockwise.
    const largest = (await serve(image.src)).rawPayload;
    const [r, , b] = await pixelAt(largest, 790, 10);
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(60);

    // The stored rows themselves hold nothing else.
    const rows = await ctx.database.db
      .selectFrom('postImageVariants')
      .select(['bytes', 'format'])
      .where('imageId', '=', image.id)
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.format).toBe('webp');
      expect((await sharp(row.bytes).metadata()).exif).toBeUndefined();
    }
  });

  it('makes the sizes 320 to 1920 wide of a wide image, and none wider than the original', async () => {
    const wide = await uploaded(await png(2400, 1000));
    expect(wide.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 133],
      [640, 267],
      [960, 400],
      [1280, 533],
      [1920, 800],
    ]);
    expect(wide.src).toBe(`/api/post-images/${wide.id}-2400x1000-1920.webp`);

    const small = await uploaded(await png(200, 100));
    expect(small.variants).toEqual([{ width: 200, height: 100, url: small.src }]);
  });

  it('takes WebP, and the first frame of a GIF, whatever Content-Type is sent', async () => {
    const fromWebp = await uploaded(await webp(400, 300), 'application/octet-stream');
    expect(fromWebp).toMatchObject({ width: 400, height: 300 });
    const fromGif = await uploaded(await gif(300, 200), 'image/jpeg');
    expect(fromGif).toMatchObject({ width: 300, height: 200 });
  });

  it('keeps the same file once: a second upload answers the first image', async () => {
    const bytes = await png(640, 480);
    const first = await uploaded(bytes);
    const again = await upload(bytes, await owner());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    const rows = await ctx.database.db
      .selectFrom('postImages')
      .select('id')
      .where('id', '=', first.id)
      .execute();
    expect(rows).toHaveLength(1);
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .select(['action', 'actorLabel', 'details'])
      .where('targetId', '=', first.id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'post.image_upload',
        actorLabel: 'staff-admin',
        details: { width: 640, height: 480, bytes: bytes.length },
      },
    ]);
  });
});

describe('refusing what is not an image', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
  it.each([
    ['an SVG sent as image/png', svg, 'image/png'],
    ['an SVG sent as image/svg+xml', svg, 'image/svg+xml'],
    ['an SVG with an XML declaration', `<?xml version="1.0"?>${svg}`, 'image/png'],
    [
      'an HTML page',
      '<!doctype html><html><body><img src=x onerror=alert(1)></body></html>',
      'image/png',
    ],
    ['plain text', 'just some text, not an image', 'image/jpeg'],
    ['a PDF', '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n', 'application/octet-stream'],
  ])('%s is 415', async (_name, body, contentType) => {
    const response = await upload(Buffer.from(body), await owner(), contentType);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      message: POST_IMAGE_MESSAGES.unsupportedType,
      type: 'unsupported_media_type',
    });
  });

  it(`refuses a body over ${POST_IMAGE_MAX_BYTES} bytes with 413, naming the limit`, async () => {
    const tooLarge = Buffer.concat([await png(100, 100), Buffer.alloc(POST_IMAGE_MAX_BYTES)]);
    const response = await upload(tooLarge, await owner());
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      message: POST_IMAGE_MESSAGES.tooLarge,
      type: 'payload_too_large',
    });
  });

  it('takes a body up to the limit (the API-wide limit of JSON bodies is far smaller)', async () => {
    const bytes = await png(100, 100);
    const padded = Buffer.concat([bytes, Buffer.alloc(ctx.config.BODY_LIMIT_BYTES)]);
    // Bytes after IEND are ignored by decoders: the image is read as it is.
    const response = await upload(padded, await owner());
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a decompression bomb (a tiny file claiming 2.5 billion pixels) with 422', async () => {
    const response = await upload(pixelBombPng(), await owner());
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: POST_IMAGE_MESSAGES.tooManyPixels,
      type: 'too_many_pixels',
    });
  });

  it('refuses a damaged image with 422 and an empty body with 400, never a 500', async () => {
    const damaged = (await png(300, 300)).subarray(0, 120);
    const broken = await upload(damaged, await owner());
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({ message: POST_IMAGE_MESSAGES.unreadable });
    const empty = await upload(Buffer.alloc(0), await owner());
    expect(empty.statusCode).toBe(400);
  });
});

describe('who may upload', () => {
  it('is posts:write: a Viewer or a key without it is 403, a key with it 201', async () => {
    const bytes = await png(320, 200);
    const viewer = await sessionFor(
      ctx,
      await insertStaffUser(ctx, { username: 'image-viewer', role: 'viewer' }),
    );
    const asViewer = await upload(bytes, viewer.headers);
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json()).toMatchObject({
      type: 'missing_permission',
      permission: 'posts:write',
    });

    const readOnlyKey = await upload(bytes, await apiKeyHeaders(ctx, ['posts:read']));
    expect(readOnlyKey.statusCode).toBe(403);

    const anonymous = await upload(bytes, {});
    expect(anonymous.statusCode).toBe(401);

    const writer = await upload(bytes, await apiKeyHeaders(ctx, ['posts:write']));
    expect(writer.statusCode, writer.body).toBe(201);
    const row = await ctx.database.db
      .selectFrom('postImages')
      .select(['uploadedByApiKeyId', 'uploadedByLabel'])
      .where('id', '=', writer.json<PostImage>().id)
      .executeTakeFirstOrThrow();
    expect(row.uploadedByApiKeyId).not.toBeNull();
    expect(row.uploadedByLabel).toMatch(/^API key /);
  });

  it('refuses a session upload from another origin (CSRF), as every admin write', async () => {
    const { cookie } = await owner();
    const response = await upload(await png(100, 60), {
      cookie,
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: CSRF_MESSAGE });
  });
});

describe('serving', () => {
  it('answers WebP, cached for a year, with an ETag that a revalidation matches', async () => {
    const image = await uploaded(await png(700, 350));
    const response = await serve(image.variants[0]!.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-encoding']).toBeUndefined();
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const again = await serve(image.variants[0]!.url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('is 404 for an unknown image, a size it lacks, or an address of another shape', async () => {
    const image = await uploaded(await png(500, 250));
    const addresses = [
      postImageUrl({ id: randomUUID(), width: 500, height: 250 }, 500),
      // Right id, wrong original size.
      postImageUrl({ id: image.id, width: 500, height: 251 }, 500),
      // A width the image has no size of.
      postImageUrl({ id: image.id, width: 500, height: 250 }, 320).replace('-320.', '-321.'),
      `/api/post-images/${image.id}-500x250-500.png`,
      '/api/post-images/..%2f..%2fetc%2fpasswd',
      '/api/post-images/not-an-image',
    ];
    for (const url of addresses) {
      const response = await serve(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ type: 'not_found' });
    }
    expect((await serve(image.src)).statusCode).toBe(200);
  });
});
