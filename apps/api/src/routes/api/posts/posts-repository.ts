import type { BlogPost } from '@repo/api-client';
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

/** Every post, newest first. */
export async function listPosts(db: DB): Promise<BlogPost[]> {
  const rows = await selectPosts(db).orderBy('publishedOn', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toBlogPost);
}

export async function findPostBySlug(db: DB, slug: string): Promise<BlogPost | undefined> {
  const row = await selectPosts(db).where('slug', '=', slug).executeTakeFirst();
  return row ? toBlogPost(row) : undefined;
}
