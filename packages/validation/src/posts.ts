import { z } from './zod-config';
import { isoTimestamp } from './common';
import { maxLengthMessage } from './fields';
import {
  blankAsAbsent,
  listSearchField,
  optionalFilter,
  pageFields,
  pageOf,
  type QueryParams,
} from './paging';

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

/**
 * GET /api/posts-version (issue 23): changes whenever anything the blog shows
 * changes (a post, the list, a redirect). The site's servers poll it with
 * If-None-Match (a 304 while nothing changed) to follow a publish within seconds.
 */
export const postsVersionSchema = z.object({ version: z.string() });
export type PostsVersion = z.output<typeof postsVersionSchema>;

/** The path of one post. */
export const postParamsSchema = z.object({ slug: z.string() });

/*
 * Publishing (issue 23): staff and API keys write posts through /api/admin/posts.
 * Only a published post reaches the site; a scheduled one publishes itself at
 * its time; an unpublished one left the site and may come back.
 */
export const POST_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * Spec section 2 (Blog post): the one author the site shows with a portrait and a
 * role line of her own; every other author gets the logo and 'Content Creators'.
 */
export const SPECIAL_AUTHOR_NAME = 'Maya Okafor';

/** A slug: lower-case letters and digits in words joined by single hyphens (the table's check). */
export const POST_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const POST_SLUG_MAX = 120;
const POST_TITLE_MAX = 200;
const POST_EXCERPT_MAX = 500;
const POST_CONTENT_MAX = 200_000;
const POST_TAGS_MAX = 20;
const POST_TAG_MAX = 50;
const READING_TIME_MAX_MINUTES = 600;
const IDEMPOTENCY_KEY_MAX = 255;
/** How far ahead a post may be scheduled. */
const POST_SCHEDULE_MAX_DAYS = 3 * 366;

/**
 * A kebab-case slug from a title, as the API makes one when none is sent and the
 * console's editor shows it while the title is typed: accents dropped, anything
 * but letters and digits turned into single hyphens ("Café, SEO & You!" ->
 * "cafe-seo-you"); '' when the title has no Latin letter or digit to keep.
 */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, POST_SLUG_MAX)
    .replace(/-+$/, '');
}

export const POST_MESSAGES = {
  notFound: 'Post not found',
  revisionNotFound: 'Revision not found',
  title: 'Please give the post a title',
  slug: `A slug is 1 to ${POST_SLUG_MAX} lower-case letters or digits, words joined by single hyphens (e.g. my-first-post)`,
  slugFromTitle:
    'The title has no letters or digits to make a slug from: please give the post a slug',
  slugTaken: (slug: string) => `Another post already uses the slug “${slug}”: choose another one`,
  slugReserved: (slug: string) =>
    `The slug “${slug}” still redirects to another post (it was that post's address): choose another one`,
  excerpt: 'Please give the post an excerpt',
  category: 'Please give the post a category',
  tag: `Each tag is 1 to ${POST_TAG_MAX} characters`,
  tags: `A post has at most ${POST_TAGS_MAX} tags`,
  readingTime: `Reading time must be a whole number of minutes from 1 to ${READING_TIME_MAX_MINUTES}`,
  author: "Please give the author's name",
  authorEmail: "The author's email must be a valid email address",
  featuredImage:
    'The featured image must be a path on the site (starting with /) or an https:// address',
  noChange: 'Send at least one field to change',
  scheduleAt: 'The time must be an ISO 8601 date and time with its offset, in the future',
  scheduleTooFar: `A post can be scheduled at most ${POST_SCHEDULE_MAX_DAYS} days ahead`,
  alreadyPublished: 'The post is already published: unpublish it first to schedule it',
  notPublished: 'Only a published or scheduled post can be unpublished',
  status: `status must be one of ${POST_STATUSES.join(', ')}`,
  idempotencyKey: `The Idempotency-Key header is 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters (a UUID is a good choice)`,
  idempotencyKeyReused:
    'This Idempotency-Key was already used with a different request body: use a new key for a new post',
} as const;

const text = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: maxLengthMessage(max) });

/** Absent, null and blank all mean "none" for an optional field. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) =>
      value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
    schema.optional(),
  );

export const postSlugField = z
  .string({ error: POST_MESSAGES.slug })
  .trim()
  .max(POST_SLUG_MAX, { error: POST_MESSAGES.slug })
  .regex(POST_SLUG_PATTERN, { error: POST_MESSAGES.slug });

const authorEmailField = z
  .string({ error: POST_MESSAGES.authorEmail })
  .trim()
  .max(254, { error: POST_MESSAGES.authorEmail })
  .pipe(z.email({ error: POST_MESSAGES.authorEmail }));
const authorBioField = z
  .string()
  .trim()
  .max(1000, { error: maxLengthMessage(1000) });
const contentField = z
  .string()
  .max(POST_CONTENT_MAX, { error: maxLengthMessage(POST_CONTENT_MAX) });
const featuredImageField = z
  .string({ error: POST_MESSAGES.featuredImage })
  .trim()
  .max(500, { error: POST_MESSAGES.featuredImage })
  .regex(/^(\/(?!\/)|https:\/\/)\S+$/, { error: POST_MESSAGES.featuredImage });

/** For PATCH: absent leaves the field alone; null or blank clears it. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    schema.nullable().optional(),
  );

/** The fields staff edit (and a revision keeps). */
const postFields = {
  title: text(POST_MESSAGES.title, POST_TITLE_MAX),
  slug: optional(postSlugField),
  excerpt: text(POST_MESSAGES.excerpt, POST_EXCERPT_MAX),
  category: text(POST_MESSAGES.category, 60),
  tags: z
    .array(text(POST_MESSAGES.tag, POST_TAG_MAX), { error: POST_MESSAGES.tags })
    .max(POST_TAGS_MAX, { error: POST_MESSAGES.tags })
    .transform((tags) => [...new Set(tags)])
    .default([]),
  /** Minutes; computed from the text (about 200 words a minute) when left out. */
  readingTime: optional(
    z
      .number({ error: POST_MESSAGES.readingTime })
      .int({ error: POST_MESSAGES.readingTime })
      .min(1, { error: POST_MESSAGES.readingTime })
      .max(READING_TIME_MAX_MINUTES, { error: POST_MESSAGES.readingTime }),
  ),
  author: text(POST_MESSAGES.author, 100),
  authorEmail: optional(authorEmailField),
  authorBio: optional(authorBioField),
  /** Markdown. */
  content: optional(contentField),
  featuredImage: optional(featuredImageField),
};

/** POST /api/admin/posts: a new draft. */
export const postCreateSchema = z.object(postFields);
export type PostCreate = z.output<typeof postCreateSchema>;
export type PostCreateRequest = z.input<typeof postCreateSchema>;

/** PATCH /api/admin/posts/:id: the fields to change (at least one). */
export const postUpdateSchema = z
  .object({
    title: postFields.title.optional(),
    slug: postSlugField.optional(),
    excerpt: postFields.excerpt.optional(),
    category: postFields.category.optional(),
    tags: postFields.tags.unwrap().optional(),
    readingTime: postFields.readingTime,
    author: postFields.author.optional(),
    // null clears an optional field.
    authorEmail: clearable(authorEmailField),
    authorBio: clearable(authorBioField),
    content: clearable(contentField),
    featuredImage: clearable(featuredImageField),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: POST_MESSAGES.noChange,
  });
export type PostUpdate = z.output<typeof postUpdateSchema>;
export type PostUpdateRequest = z.input<typeof postUpdateSchema>;

/** POST /api/admin/posts/:id/schedule */
export const postScheduleSchema = z.object({
  at: z.iso
    .datetime({ offset: true, error: POST_MESSAGES.scheduleAt })
    .refine((value) => Date.parse(value) > Date.now(), { error: POST_MESSAGES.scheduleAt })
    .refine((value) => Date.parse(value) < Date.now() + POST_SCHEDULE_MAX_DAYS * 86_400_000, {
      error: POST_MESSAGES.scheduleTooFar,
    }),
});
export type PostScheduleRequest = z.input<typeof postScheduleSchema>;

/** The `Idempotency-Key` header of POST /api/admin/posts. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: POST_MESSAGES.idempotencyKey })
    .min(1, { error: POST_MESSAGES.idempotencyKey })
    .max(IDEMPOTENCY_KEY_MAX, { error: POST_MESSAGES.idempotencyKey })
    .regex(/^[\x21-\x7e]+$/, { error: POST_MESSAGES.idempotencyKey })
    .optional()
    .meta({ description: 'Retrying with the same key and body answers the first answer again' }),
});

/** Who saved a revision: a staff account, an API key, or the API itself. */
export const POST_REVISION_ACTOR_KINDS = ['staff', 'api_key', 'system'] as const;
export type PostRevisionActorKind = (typeof POST_REVISION_ACTOR_KINDS)[number];

/** A post id in a path: a positive integer, else `Post not found` (404). */
export const postIdParamsSchema = z.object({
  id: z
    .string({ error: POST_MESSAGES.notFound })
    .regex(/^[1-9][0-9]{0,9}$/, { error: POST_MESSAGES.notFound })
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, { error: POST_MESSAGES.notFound }),
});
/** A revision of a post in a path. */
export const postRevisionParamsSchema = postIdParamsSchema.extend({
  revisionId: z
    .string({ error: POST_MESSAGES.revisionNotFound })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
      error: POST_MESSAGES.revisionNotFound,
    }),
});

/** GET /api/admin/posts: search the titles, filter by status, a page. */
export const postListQuerySchema = z.object({
  ...pageFields,
  search: listSearchField,
  status: optionalFilter(POST_STATUSES, POST_MESSAGES.status),
  /** One category, whatever its case (the console's category filter). */
  category: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .max(60, { error: maxLengthMessage(60, 'category') })
      .optional(),
  ),
});
export type PostListQuery = QueryParams<typeof postListQuerySchema>;

/** What a revision keeps: the editable fields as they were. */
export const postSnapshotSchema = z.object({
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  readingTime: z.number().int(),
  author: z.string(),
  authorEmail: z.string().nullable(),
  authorBio: z.string().nullable(),
  content: z.string().nullable(),
  featuredImage: z.string().nullable(),
});
export type PostSnapshot = z.output<typeof postSnapshotSchema>;

/** A post as the console and API keys see it, whatever its status. */
export const adminPostSchema = postSnapshotSchema.extend({
  id: z.number().int(),
  status: z.enum(POST_STATUSES),
  /** The date the site shows (YYYY-MM-DD): set when the post is first published. */
  date: z.string().meta({ format: 'date' }),
  scheduledAt: isoTimestamp.nullable(),
  publishedAt: isoTimestamp.nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  /** Imported from the repository's markdown files (not written through the API). */
  imported: z.boolean(),
});
export type AdminPost = z.output<typeof adminPostSchema>;

/** GET /api/admin/posts: a page of posts without their text. */
export const adminPostPageSchema = pageOf(adminPostSchema.omit({ content: true, authorBio: true }));
export type AdminPostPage = z.output<typeof adminPostPageSchema>;

/** A saved state of a post, and who saved the next one over it. */
export const postRevisionSchema = z.object({
  id: z.string(),
  postId: z.number().int(),
  snapshot: postSnapshotSchema,
  actor: z.object({
    kind: z.enum(POST_REVISION_ACTOR_KINDS),
    id: z.string().nullable(),
    label: z.string(),
  }),
  createdAt: isoTimestamp,
});
export type PostRevision = z.output<typeof postRevisionSchema>;
export const postRevisionListSchema = z.object({ items: z.array(postRevisionSchema) });
export type PostRevisionList = z.output<typeof postRevisionListSchema>;
