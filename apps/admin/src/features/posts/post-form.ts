import type { AdminPost, PostCreateRequest, PostUpdateRequest } from '@repo/api-client';
import { slugFromTitle } from '@repo/validation';

/** The editor's fields as typed (tags as one comma-separated line). */
export interface PostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  tags: string;
  author: string;
  authorEmail: string;
  authorBio: string;
  featuredImage: string;
  content: string;
}
export type PostField = keyof PostFormValues;

export const EMPTY_POST_FORM: PostFormValues = {
  title: '',
  slug: '',
  excerpt: '',
  category: '',
  tags: '',
  author: '',
  authorEmail: '',
  authorBio: '',
  featuredImage: '',
  content: '',
};

/** The form of a saved post (a revision's snapshot has the same fields). */
export function formValuesOf(post: Omit<AdminPost, 'id' | 'status'> | AdminPost): PostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    category: post.category,
    tags: post.tags.join(', '),
    author: post.author,
    authorEmail: post.authorEmail ?? '',
    authorBio: post.authorBio ?? '',
    featuredImage: post.featuredImage ?? '',
    content: post.content ?? '',
  };
}

/** Tags from the comma-separated line: trimmed, blanks dropped, each once. */
function tagsOf(line: string): string[] {
  return [
    ...new Set(
      line
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The slug a new post shows: the title's (as the API would make it) until staff
 * edit the slug by hand, then theirs.
 */
export function displayedSlug(values: PostFormValues, slugEdited: boolean): string {
  return slugEdited ? values.slug : slugFromTitle(values.title);
}

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** POST /api/admin/posts: the fields given (an empty optional field is left out). */
export function createPayload(values: PostFormValues): PostCreateRequest {
  return {
    title: values.title.trim(),
    slug: blankToUndefined(values.slug),
    excerpt: values.excerpt.trim(),
    category: values.category.trim(),
    tags: tagsOf(values.tags),
    author: values.author.trim(),
    authorEmail: blankToUndefined(values.authorEmail),
    authorBio: blankToUndefined(values.authorBio),
    featuredImage: blankToUndefined(values.featuredImage),
    // The body keeps its own spacing (markdown).
    content: values.content.trim() === '' ? undefined : values.content,
  };
}

const CLEARABLE = ['authorEmail', 'authorBio', 'featuredImage', 'content'] as const;

/**
 * PATCH /api/admin/posts/:id: only the fields that differ from the saved post,
 * so a save never overwrites what it did not change (an emptied optional field
 * is sent as null, which clears it); null when nothing changed.
 */
export function updatePayload(
  saved: PostFormValues,
  values: PostFormValues,
): PostUpdateRequest | null {
  const body: PostUpdateRequest = {};
  for (const field of ['title', 'slug', 'excerpt', 'category', 'author'] as const) {
    if (values[field].trim() !== saved[field].trim()) body[field] = values[field].trim();
  }
  const tags = tagsOf(values.tags);
  if (tags.join('\n') !== tagsOf(saved.tags).join('\n')) body.tags = tags;
  for (const field of CLEARABLE) {
    const next = field === 'content' ? values.content : values[field].trim();
    const before = field === 'content' ? saved.content : saved[field].trim();
    if (next !== before) body[field] = next.trim() === '' ? null : next;
  }
  return Object.keys(body).length > 0 ? body : null;
}

/** True when the form holds something its saved state does not. */
export function hasUnsavedChanges(saved: PostFormValues, values: PostFormValues): boolean {
  return updatePayload(saved, values) !== null;
}
