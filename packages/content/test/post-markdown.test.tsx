import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostMarkdown } from '../src';

const render = (markdown: string) => renderToStaticMarkup(<PostMarkdown markdown={markdown} />);

describe('PostMarkdown', () => {
  it('turns a post heading into an h2 (the page title is the only h1)', () => {
    expect(render('# Title\n\ntext')).toContain('<h2>Title</h2>');
  });

  it('marks internal links for the router and opens external ones in a new tab', () => {
    const html = render('[in](/blog/a) [out](https://example.com)');
    expect(html).toContain('<a href="/blog/a" data-internal-link="">in</a>');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>',
    );
  });

  it('loads images lazily and always gives them an alt attribute', () => {
    expect(render('![](/a.png)')).toContain(
      '<img alt="" loading="lazy" decoding="async" src="/a.png"/>',
    );
  });
});
