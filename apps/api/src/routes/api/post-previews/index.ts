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
import { findPreviewLink } from '../../../posts/preview-links-repository';
import { linkIdOfToken } from '../../../posts/preview-tokens';
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
 * Issue 23: GET /api/post-previews/:token answers the post of a preview link
 * (POST /api/admin/posts/:id/preview-link) whatever its status, for the site's
 * preview page. Never cached, never indexed.
 *
 * Issue 31: the token names a recorded link. A token the API did not sign is 404
 * before any query. A link that was revoked, or whose creator can no longer act
 * (a disabled account; a revoked or expired key, or one whose creator is
 * disabled), is 404 too, with the same message as a forged one: the holder learns
 * nothing about the staff behind it. An expired link is 410, as before; a deleted
 * post takes its links with it (404).
 */
export default async function postPreviewRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;

  fastify.get(
    '/post-previews/:token',
    {
      schema: {
        summary: 'Read a post through its preview link',
        description:
          "A post's preview, whatever its status, by a recorded, signed link: 404 when forged, revoked or its creator disabled, 410 when expired.",
        params: postPreviewParamsSchema,
        response: { 200: blogPostSchema, ...errorResponses(404, 410) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      const linkId = linkIdOfToken(config.POST_PREVIEW_SECRET, request.params.token);
      if (!linkId) throw notFound(POST_CHECK_MESSAGES.previewInvalid);
      const link = await findPreviewLink(db, linkId);
      if (link?.status === 'expired') {
        throw new AppError(410, POST_CHECK_MESSAGES.previewExpired, 'preview_expired');
      }
      if (link?.status !== 'active') throw notFound(POST_CHECK_MESSAGES.previewInvalid);
      const post = await findAdminPost(db, link.postId);
      if (!post) throw notFound(POST_MESSAGES.notFound);
      return asBlogPost(post);
    },
  );
}
