import { z } from './zod-config';

/** A blog post with its text (GET /api/posts/:slug). */
export const blogPostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  date: z.string().meta({ format: 'date', description: 'YYYY-MM-DD' }),
  category: z.string(),
  tags: z.array(z.string()),
  readingTime: z.number(),
  author: z.string(),
  authorEmail: z.string().optional(),
  authorBio: z.string().optional(),
  content: z.string().optional(),
  featuredImage: z.string().optional(),
});
export type BlogPost = z.output<typeof blogPostSchema>;

/** A post as GET /api/posts lists it: everything a listing shows, without the text. */
export const blogPostSummarySchema = blogPostSchema.omit({ content: true, authorBio: true });
/** A post as GET /api/posts lists it: everything a listing shows, without the text. */
export type BlogPostSummary = z.output<typeof blogPostSummarySchema>;

/** The path of one post. */
export const postParamsSchema = z.object({ slug: z.string() });
