import {
  POST_IMAGE_MESSAGES,
  parsePostImageFileName,
  postImageFileParamsSchema,
} from '@repo/validation';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../../errors';
import { type ApiInstance, errorResponses } from '../../../route-schemas';

const webpFileSchema = z.string().meta({ description: 'WebP image', format: 'binary' });

/** A size never changes once made (a new upload is a new id): a year, immutable. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Issue 23: the sizes of post images, public. The site (and the console's
 * preview) serve /api on their own origin, so `src` addresses are paths.
 */
export default async function postImageServingRoutes(fastify: ApiInstance) {
  const { postImageStore } = fastify;

  fastify.get(
    '/post-images/:file',
    {
      schema: {
        summary: 'Download one size of a post image',
        description:
          'One size of a post image: `<id>-<original width>x<original height>-<width>.webp`, as the upload answered. Cached for a year (the address changes with the image).',
        params: postImageFileParamsSchema,
        produces: ['image/webp'],
        response: {
          200: { description: 'The image', content: { 'image/webp': { schema: webpFileSchema } } },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const named = parsePostImageFileName(request.params.file);
      const variant = named && (await postImageStore.getVariant(named.image, named.width));
      if (!named || !variant) throw notFound(POST_IMAGE_MESSAGES.notFound);
      const etag = `"${named.image.id}-${named.width}"`;
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      // Bytes, not JSON: sent as they are (no serializer runs on a Buffer).
      const raw = reply as FastifyReply;
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag))
        return raw.status(304).send();
      return raw.type('image/webp').send(variant.bytes);
    },
  );
}
