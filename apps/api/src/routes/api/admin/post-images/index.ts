import {
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_MESSAGES,
  type PostImage,
  postImageSchema,
  postImageUrl,
} from '@repo/validation';
import type { FastifyError } from 'fastify';
import { z } from 'zod';
import { auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { AppError } from '../../../../errors';
import { processPostImage } from '../../../../post-images/process-post-image';
import type { StoredPostImage } from '../../../../post-images/post-image-store';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

/**
 * The image's bytes as the body: the parser below hands on a Buffer; any other
 * body (JSON, a form) is refused by the handler with 415.
 */
const imageBodySchema = z.unknown().meta({
  description: 'The image file itself (PNG, JPEG, WebP, GIF or AVIF), at most 10 MB',
  type: 'string',
  format: 'binary',
});

function answerOf(image: StoredPostImage): PostImage {
  const variants = image.variants.map((variant) => ({
    ...variant,
    url: postImageUrl(image, variant.width),
  }));
  return {
    id: image.id,
    width: image.width,
    height: image.height,
    src: variants[variants.length - 1]!.url,
    variants,
  };
}

/**
 * Issue 23: an image for a post, uploaded by staff or an API key with posts:write.
 * The body is the file itself (any image/* or application/octet-stream: the type
 * is read from the bytes, not from the header). The answer's `src` goes into the
 * markdown (`![alt](src)`) or the post's featuredImage.
 */
export default async function postImageRoutes(fastify: ApiInstance) {
  const { db, postImageStore } = fastify;

  // Scoped to this plugin: nowhere else does the API take a binary body.
  for (const type of ['application/octet-stream', /^image\/[\w.+-]+$/]) {
    fastify.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: POST_IMAGE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
  }

  // The framework's generic 413 names no limit: this one does.
  fastify.setErrorHandler((error: FastifyError, _request, _reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError(413, POST_IMAGE_MESSAGES.tooLarge, 'payload_too_large');
    throw error;
  });

  fastify.post(
    '/post-images',
    {
      config: { permission: 'posts:write' },
      bodyLimit: POST_IMAGE_MAX_BYTES,
      schema: {
        summary: 'Upload a post image',
        description:
          "Uploads an image for a post: the file's bytes as the body (Content-Type image/* or application/octet-stream; the type is read from the bytes). Its metadata (EXIF, GPS, ICC, comments) is removed after its orientation is applied, and it is kept as WebP sizes 320 to 1920 wide, never wider than the original. 201 for a new image, 200 with the same answer when these bytes were uploaded before.",
        consumes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'],
        body: imageBodySchema,
        response: {
          200: postImageSchema,
          201: postImageSchema,
          ...errorResponses(400, 401, 403, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (!Buffer.isBuffer(body))
        throw new AppError(415, POST_IMAGE_MESSAGES.unsupportedType, 'unsupported_media_type');
      const processed = await processPostImage(body);
      const actor = auditActorOf(request);
      const { image, created } = await postImageStore.put(processed, {
        userId: actor.kind === 'staff' ? actor.userId : null,
        apiKeyId: actor.kind === 'api_key' ? actor.apiKeyId : null,
        label: actor.label,
      });
      if (created) {
        await recordAudit(db, actor, {
          action: 'post.image_upload',
          targetType: 'post_image',
          targetId: image.id,
          details: {
            width: image.width,
            height: image.height,
            bytes: body.length,
          },
        });
      }
      return reply.status(created ? 201 : 200).send(answerOf(image));
    },
  );
}
