import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import matter from 'gray-matter';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../create-database';

/** The blog's front matter, validated so a typo in a post fails loudly at start. */
const frontMatterSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug must be kebab-case'),
  title: z.string().min(1),
  excerpt: z.string().min(1),
  date: z.union([
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD'),
    // YAML reads an unquoted date as a Date.
    z.date().transform((date) => date.toISOString().slice(0, 10)),
  ]),
  category: z.string().min(1),
  tags: z.array(z.string().min(1)).default([]),
  readingTime: z.number().int().positive(),
  author: z.string().min(1),
  authorEmail: z.email().optional(),
  authorBio: z.string().min(1).optional(),
  featuredImage: z.string().startsWith('/').optional(),
});

export interface SeedBlogPost extends z.output<typeof frontMatterSchema> {
  content: string;
}

/**
 * Where the shipped posts live. Resolved through the package so that it works
 * both from source and from the API's bundle.
 */
export function defaultPostsDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@repo/db/package.json')), 'content', 'posts');
}

export async function readBlogPosts(directory = defaultPostsDirectory()): Promise<SeedBlogPost[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.md')).sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = matter(await readFile(path.join(directory, file), 'utf8'));
      const result = frontMatterSchema.safeParse(parsed.data);
      if (!result.success) {
        const detail = result.error.issues
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ');
        throw new Error(`Invalid front matter in ${file}: ${detail}`);
      }
      return { ...result.data, content: parsed.content.trim() };
    }),
  );
}

/** Any fixed number: the lock that makes two instances starting at once import once. */
const IMPORT_LOCK = 23_019;

/**
 * Imports the shipped posts into an empty posts table (a development database, a
 * first production start), published, marked imported; returns how many it wrote.
 * Once the table holds any post it does nothing: posts are edited through the API
 * from then on, and a restart never overwrites an edit (issue 23). An existing
 * installation's rows were marked imported by migration 019.
 */
export async function seedBlogPosts(db: DB, posts?: SeedBlogPost[]): Promise<number> {
  const toLoad = posts ?? (await readBlogPosts());
  if (toLoad.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`.execute(trx);
    const existing = await trx.selectFrom('blogPosts').select('id').limit(1).executeTakeFirst();
    if (existing) return 0;
    const inserted = await trx
      .insertInto('blogPosts')
      .values(
        toLoad.map((post) => ({
          slug: post.slug,
          title: post.title,
          excerpt: post.excerpt,
          publishedOn: post.date,
          category: post.category,
          tags: post.tags,
          readingTime: post.readingTime,
          author: post.author,
          authorEmail: post.authorEmail ?? null,
          authorBio: post.authorBio ?? null,
          content: post.content || null,
          featuredImage: post.featuredImage ?? null,
          status: 'published' as const,
          publishedAt: sql<Date>`${post.date}::date::timestamptz`,
          importedAt: sql<Date>`now()`,
        })),
      )
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .returning('id')
      .execute();
    return inserted.length;
  });
}
