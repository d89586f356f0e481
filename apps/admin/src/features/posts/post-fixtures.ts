import type { AdminPost } from '@repo/api-client';

/** A saved post as GET /api/admin/posts/:id answers it; `overrides` over it. */
export function adminPost(overrides: Partial<AdminPost> = {}): AdminPost {
  return {
    id: 7,
    title: 'Planning a content calendar',
    slug: 'planning-a-content-calendar',
    excerpt: 'A calendar that survives a busy quarter.',
    category: 'Guides',
    tags: ['Planning', 'SEO'],
    readingTime: 3,
    author: 'Ada Lovelace',
    authorEmail: null,
    authorBio: null,
    content: '## Start with the goal\n\nOne line.\n',
    featuredImage: null,
    status: 'draft',
    date: '2026-11-27',
    scheduledAt: null,
    publishedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-26T09:30:00.000Z',
    imported: false,
    ...overrides,
  };
}

/** A page of the list (no text, no bio) holding `posts`. */
export function postPage(posts: AdminPost[]) {
  return {
    body: {
      items: posts.map(({ content: _content, authorBio: _bio, ...post }) => post),
      total: posts.length,
      page: 1,
      pageSize: 20,
    },
  };
}
