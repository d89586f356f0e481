import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostMarkdown } from '../src';

const render = (markdown: string) => renderToStaticMarkup(<PostMarkdown markdown={markdown} />);

describe('PostMarkdown', () => {
  it('turns a post heading into an h2 (the page title is the only h1)', () => {
    expect(render('# Title\n\ntext')).toContain('<h2 id="title">Title</h2>');
  });

  it('gives headings ids for anchors, unique within the post', () => {
    expect(render('## Café & Crème\n\n### Café & Crème')).toBe(
      '<h2 id="café--crème">Café &amp; Crème</h2>\n<h3 id="café--crème-1">Café &amp; Crème</h3>',
    );
  });

  it('marks internal links for the router and opens external ones in a new tab', () => {
    const html = render('[in](/blog/a) [out](https://example.com)');
    expect(html).toContain('<a href="/blog/a" data-internal-link="">in</a>');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>',
    );
  });

  it('treats a //host address as another site, not an internal link', () => {
    const html = render('[x](//evil.example/x)');
    expect(html).not.toContain('data-internal-link');
    expect(html).toContain('target="_blank"');
  });

  it('loads images lazily and always gives them an alt attribute', () => {
    expect(render('![](/a.png)')).toContain(
      '<img alt="" loading="lazy" decoding="async" src="/a.png"/>',
    );
  });

  it('gives an uploaded image its sizes, width and height from its address, keeping its alt', () => {
    const id = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    const file = (width: number) => `/api/post-images/${id}-1000x500-${width}.webp`;
    const html = render(`![A chart of visits](${file(320)})`);
    expect(html).toBe(
      `<p><img alt="A chart of visits" loading="lazy" decoding="async" src="${file(1000)}" ` +
        `srcSet="${file(320)} 320w, ${file(640)} 640w, ${file(960)} 960w, ${file(1000)} 1000w" ` +
        `sizes="(min-width: 768px) 720px, 100vw" width="1000" height="500"/></p>`,
    );
  });
});
