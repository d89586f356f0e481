import type { BlogPost } from '@repo/api-client';
import { describe, expect, it } from 'vitest';
import {
  blogFiltersToSearch,
  categoriesOf,
  EMPTY_FILTERS,
  filterPosts,
  hasActiveFilters,
  parseBlogFilters,
  relatedPosts,
  tagsOf,
  toggle,
} from './blog-filters';

function post(overrides: Partial<BlogPost> & Pick<BlogPost, 'slug'>): BlogPost {
  return {
    id: Number(overrides.date?.replace(/-/g, '') ?? 1),
    title: overrides.slug,
    excerpt: '',
    date: '2025-01-01',
    category: 'AI Writing',
    tags: [],
    readingTime: 3,
    author: 'Tom Becker',
    ...overrides,
  };
}

const posts = [
  post({
    slug: 'a',
    title: 'Keyword Research Basics',
    date: '2025-03-01',
    category: 'SEO Strategy',
    tags: ['seo'],
  }),
  post({
    slug: 'b',
    title: 'Brand voice',
    excerpt: 'How KEYWORDS fit a voice',
    date: '2025-05-01',
    category: 'AI Writing',
    tags: ['brand-voice'],
  }),
  post({
    slug: 'c',
    title: 'Agency case',
    date: '2025-04-01',
    category: 'Case Study',
    tags: ['agencies', 'workflow'],
  }),
  post({
    slug: 'd',
    title: 'Workflows',
    date: '2025-06-01',
    category: 'Content Marketing',
    tags: ['workflow', 'seo'],
  }),
  post({
    slug: 'e',
    title: 'Prompts',
    date: '2025-02-01',
    category: 'AI Writing',
    tags: ['ai-writing'],
  }),
];

describe('blog filters', () => {
  it('searches title or excerpt case-insensitively, newest first', () => {
    const result = filterPosts(posts, { ...EMPTY_FILTERS, searchTerm: 'keyword' });
    expect(result.map((item) => item.slug)).toEqual(['b', 'a']);
  });

  it('matches any selected category', () => {
    const result = filterPosts(posts, {
      ...EMPTY_FILTERS,
      categories: ['Case Study', 'SEO Strategy'],
    });
    expect(result.map((item) => item.slug)).toEqual(['c', 'a']);
  });

  it('matches a post that has any selected tag', () => {
    const result = filterPosts(posts, { ...EMPTY_FILTERS, tags: ['seo', 'agencies'] });
    expect(result.map((item) => item.slug)).toEqual(['d', 'c', 'a']);
  });

  it('combines search, categories and tags', () => {
    const result = filterPosts(posts, {
      searchTerm: 'work',
      categories: ['Content Marketing'],
      tags: ['seo'],
    });
    expect(result.map((item) => item.slug)).toEqual(['d']);
  });

  it('returns every post newest first without filters', () => {
    expect(filterPosts(posts, EMPTY_FILTERS).map((item) => item.slug)).toEqual([
      'd',
      'b',
      'c',
      'a',
      'e',
    ]);
  });

  it('derives category and tag options from all posts', () => {
    expect(categoriesOf(posts)).toEqual([
      'AI Writing',
      'Case Study',
      'Content Marketing',
      'SEO Strategy',
    ]);
    expect(tagsOf(posts)).toEqual(['agencies', 'ai-writing', 'brand-voice', 'seo', 'workflow']);
  });

  it('reads and writes the filter state in the URL', () => {
    const filters = parseBlogFilters(
      new URLSearchParams('q=+seo+&category=Case+Study&category=AI+Writing&tag=seo'),
    );
    expect(filters).toEqual({
      searchTerm: 'seo',
      categories: ['Case Study', 'AI Writing'],
      tags: ['seo'],
    });
    expect(blogFiltersToSearch(filters)).toBe(
      '?q=seo&category=Case+Study&category=AI+Writing&tag=seo',
    );
    expect(blogFiltersToSearch(EMPTY_FILTERS)).toBe('');
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters(filters)).toBe(true);
  });

  it('toggles a value on and off', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('related posts', () => {
  it('puts the same category first, then the newest of other categories, at most 3', () => {
    const current = posts[4]!; // 'e', AI Writing
    expect(relatedPosts(current, posts).map((item) => item.slug)).toEqual(['b', 'd', 'c']);
  });

  it('never includes the post itself', () => {
    const related = relatedPosts(posts[0]!, posts, 10);
    expect(related.map((item) => item.slug)).not.toContain('a');
    expect(related).toHaveLength(4);
  });
});
