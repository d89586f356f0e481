import {
  type AdminPost,
  type BlogPost,
  blogPostSchema,
  POST_CHECK_MESSAGES,
  POST_MESSAGES,
  postPreviewParamsSchema,
} from '@repo/validation';
import { AppError, notFound } from '../../../errors';
import { findAdminPost } from '../../../posts/posts-repository';
import { verifyPreviewToken } from '../../../posts/preview-tokens';
import { type ApiInstance, errorResponses } from '../../../route-schemas';

/** The day the site will show: the scheduled day, the first publish's, or today (all UTC). */
function dateToShow(post: AdminPost): string {
  if (post.scheduledAt) return post.scheduledAt.slice(0, 10);
  if (post.publishedAt) return post.date;
  return new Date().toISOString().slice(0, 10);
}

/** A post as GET /api/posts/:slug would answer it once published. */
function asBlogPost(post: AdminPost): BlogPost {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    date: dateToShow(post),
    category: post.category,
    tags: post.tags,
    readingTime: post.readingTime,
    author: post.author,
    ...(post.authorEmail ? { authorEmail: post.authorEmail } : {}),
    ...(post.authorBio ? { authorBio: post.authorBio } : {}),
    ...(post.content ? { content: post.content } : {}),
    ...(post.featuredImage ? { featuredImage: post.featuredImage } : {}),
  };
}

/**
 * Issue 23: GET /api/post-previews/:token answers the post of a signed preview
 * link (POST /api/admin/posts/:id/preview-link) whatever its status, for the
 * site's preview page. Never cached, never indexed. A link that is not one the
 * API made is 404; an expired one 410; a deleted post's 404.
 */
export default async function postPreviewRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;

  fastify.get(
    '/post-previews/:token',
    {
      schema: {
        description: "A post's preview, whatever its status, by a signed link (24 hours).",
        params: postPreviewParamsSchema,
        response: { 200: blogPostSchema, ...errorResponses(404, 410) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      const check = verifyPreviewToken(config.POST_PREVIEW_SECRET, request.params.token);
      if (!check.valid) {
        throw check.reason === 'expired'
          ? new AppError(410, POST_CHECK_MESSAGES.previewExpired, 'preview_expired')
          : notFound(POST_CHECK_MESSAGES.previewInvalid);
      }
      const post = await findAdminPost(db, check.postId);
      if (!post) throw notFound(POST_MESSAGES.notFound);
      return asBlogPost(post);
    },
  );
}
