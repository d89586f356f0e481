import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { checkPost, PostMarkdown, readingTimeMinutes, type CheckedPost } from '../src';

const GOOD_TITLE = 'A title of a good length for search results';
const GOOD_EXCERPT =
  'An excerpt long enough to be a useful meta description, short enough that search results show all of it.';

const existing = new Set(['/', '/features', '/blog', '/blog/other-post']);
const context = { pathExists: (path: string) => existing.has(path) };

const post = (content: string, fields: Partial<CheckedPost> = {}): CheckedPost => ({
  title: GOOD_TITLE,
  slug: 'this-post',
  excerpt: GOOD_EXCERPT,
  content,
  ...fields,
});
const codesOf = (content: string, fields: Partial<CheckedPost> = {}) =>
  checkPost(post(content, fields), context).map((problem) => problem.code);

describe('checkPost', () => {
  it('finds nothing wrong with a well-formed post', () => {
    const content = [
      '## Start here',
      'See [the features](/features), [another post](/blog/other-post?x=1#top) and [below](#the-end).',
      '### A detail',
      '![A chart of results](/images/chart.png)',
      '## The end',
    ].join('\n\n');
    expect(checkPost(post(content), context)).toEqual([]);
  });

  it('warns about a title or an excerpt too short or too long, without blocking', () => {
    const problems = checkPost(post('text', { title: 'Short', excerpt: 'x'.repeat(200) }), context);
    expect(problems.map((problem) => [problem.code, problem.blocking])).toEqual([
      ['title_too_short', false],
      ['description_too_long', false],
    ]);
    expect(codesOf('text', { title: 'x'.repeat(61), excerpt: 'Too short.' })).toEqual([
      'title_too_long',
      'description_too_short',
    ]);
  });

  it('warns about an empty text', () => {
    expect(codesOf('  \n')).toEqual(['content_empty']);
  });

  it('flags a level-1 heading in the text (the title is the page h1) and skipped levels', () => {
    const problems = checkPost(post('# Again the title\n\n## Fine\n\n#### Skipped\n'), context);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'h1_in_content', blocking: false, line: 1 }),
      expect.objectContaining({ code: 'heading_skipped', blocking: false, line: 5 }),
    ]);
    expect(codesOf('### Starts too deep')).toEqual(['heading_skipped']);
  });

  it('blocks an image without alt text, inline or by reference', () => {
    const problems = checkPost(post('![](/a.png)\n\n![ ][pic]\n\n[pic]: /b.png'), context);
    expect(problems.map((problem) => [problem.code, problem.blocking, problem.line])).toEqual([
      ['image_alt_missing', true, 1],
      ['image_alt_missing', true, 3],
    ]);
  });

  it('blocks an internal link to no page or post, inline or by reference', () => {
    const problems = checkPost(
      post('[gone](/blog/no-such-post)\n\n[also gone][ref]\n\n[ref]: /nowhere'),
      context,
    );
    expect(problems).toEqual([
      expect.objectContaining({ code: 'internal_link_broken', blocking: true, line: 1 }),
      expect.objectContaining({ code: 'internal_link_broken', blocking: true, line: 3 }),
    ]);
    expect(problems[0]?.message).toContain('/blog/no-such-post');
  });

  it('lets a link to the post itself, a trailing slash, a query and external links through', () => {
    expect(
      codesOf(
        '[me](/blog/this-post) [blog](/blog/) [q](/blog?category=Guides) [out](https://example.com/x) [proto](//example.com/y)',
      ),
    ).toEqual([]);
  });

  it('blocks an anchor that matches no heading id, in this post or by its own address', () => {
    const content = [
      '## Café & Crème',
      '## Café & Crème',
      '[ok](#café--crème) [ok too](#caf%C3%A9--cr%C3%A8me-1) [own](/blog/this-post#café--crème)',
      '[broken](#nowhere) [own broken](/blog/this-post#nope) [other page](/features#anything)',
    ].join('\n\n');
    expect(checkPost(post(content), context)).toEqual([
      expect.objectContaining({ code: 'anchor_broken', blocking: true, line: 7 }),
      expect.objectContaining({ code: 'anchor_broken', blocking: true, line: 7 }),
    ]);
  });

  it('matches anchors against the very ids PostMarkdown renders', () => {
    const content = [
      '# Top *level*',
      '## `code` and **bold** ![alt](/x.png)',
      '## Top level',
      '### Ünïcödé — dashes – and “quotes”!',
      '## 2024: a year',
    ].join('\n\n');
    const html = renderToStaticMarkup(<PostMarkdown markdown={content} />);
    const ids = [...html.matchAll(/ id="([^"]*)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(5);
    const links = ids.map((id) => `[x](#${id})`).join(' ');
    expect(codesOf(`${content}\n\n${links}`)).toEqual(['h1_in_content']);
  });
});

describe('readingTimeMinutes', () => {
  it('counts the words of the text at 200 a minute, at least one', () => {
    expect(readingTimeMinutes(undefined)).toBe(1);
    expect(readingTimeMinutes('')).toBe(1);
    expect(readingTimeMinutes('word '.repeat(200))).toBe(1);
    expect(readingTimeMinutes('word '.repeat(201))).toBe(2);
    expect(readingTimeMinutes(`## Heading\n\n${'word '.repeat(399)}\n\n\`code\``)).toBe(3);
  });

  it('does not count markup as words', () => {
    expect(
      readingTimeMinutes(`${'[word](/a-long/path) '.repeat(150)}\n\n${'- **x**\n'.repeat(60)}`),
    ).toBe(2);
  });
});
