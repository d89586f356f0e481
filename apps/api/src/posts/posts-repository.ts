import type { BlogPost, BlogPostSummary } from '@repo/validation';
import type { DB } from '@repo/db';
import { sql } from 'kysely';

function selectPosts(db: DB) {
  return db
    .selectFrom('blogPosts')
    .select([
      'id',
      'slug',
      'title',
      'excerpt',
      sql<string>`to_char(published_on, 'YYYY-MM-DD')`.as('date'),
      'category',
      'tags',
      'readingTime',
      'author',
      'authorEmail',
      'authorBio',
      'content',
      'featuredImage',
    ]);
}

type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

function toBlogPost({
  authorEmail,
  authorBio,
  content,
  featuredImage,
  ...rest
}: PostRow): BlogPost {
  return {
    ...rest,
    ...(authorEmail ? { authorEmail } : {}),
    ...(authorBio ? { authorBio } : {}),
    ...(content ? { content } : {}),
    ...(featuredImage ? { featuredImage } : {}),
  };
}

/** What a listing shows of a post: everything but its text and the author's bio. */
export function toPostSummary({
  content: _content,
  authorBio: _authorBio,
  ...summary
}: BlogPost): BlogPostSummary {
  return summary;
}

/** Every post with its full text, newest first. */
export async function listPosts(db: DB): Promise<BlogPost[]> {
  const rows = await selectPosts(db).orderBy('publishedOn', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toBlogPost);
}
