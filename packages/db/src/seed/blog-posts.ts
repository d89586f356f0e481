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

/**
 * Loads the shipped posts. Idempotent: posts are upserted by slug, so running it
 * on every start keeps exactly one row per post and picks up edited content.
 */
export async function seedBlogPosts(db: DB, posts?: SeedBlogPost[]): Promise<number> {
  const toLoad = posts ?? (await readBlogPosts());
  if (toLoad.length === 0) return 0;
  await db
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
      })),
    )
    .onConflict((conflict) =>
      conflict.column('slug').doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'),
        excerpt: eb.ref('excluded.excerpt'),
        publishedOn: eb.ref('excluded.publishedOn'),
        category: eb.ref('excluded.category'),
        tags: eb.ref('excluded.tags'),
        readingTime: eb.ref('excluded.readingTime'),
        author: eb.ref('excluded.author'),
        authorEmail: eb.ref('excluded.authorEmail'),
        authorBio: eb.ref('excluded.authorBio'),
        content: eb.ref('excluded.content'),
        featuredImage: eb.ref('excluded.featuredImage'),
        updatedAt: sql<Date>`now()`,
      })),
    )
    .execute();
  return toLoad.length;
}
