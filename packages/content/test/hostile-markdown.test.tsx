import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostMarkdown } from '../src';

/*
 * Issue 23: a post's text comes from staff and API keys, and the console's live
 * preview renders it inside the console's origin: nothing in it may run script.
 */

const render = (markdown: string) => renderToStaticMarkup(<PostMarkdown markdown={markdown} />);

/** React escapes these five in attribute values. */
const unescape = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The attribute names of every tag (the values, quoted and escaped by React, left out). */
const attributeNamesOf = (html: string) =>
  (html.match(/<[a-z][^>]*>/gi) ?? []).flatMap((tag) =>
    [...tag.replace(/="[^"]*"/g, '').matchAll(/\s([^\s/>]+)/g)].map((match) => match[1] ?? ''),
  );

/** Every href and src, as the browser would resolve it on a post's page. */
function addressesOf(html: string): URL[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)]
    .map((match) => unescape(match[1] ?? ''))
    .filter((value) => value !== '')
    .map((value) => new URL(value, 'https://site.example/blog/a-post'));
}

const SCRIPT = 'alert(document.cookie)';

const HOSTILE: Record<string, string> = {
  'a script block': `<script>${SCRIPT}</script>`,
  'a script inline': `Hello <script>${SCRIPT}</script> world`,
  'an img with onerror (block)': `<img src=x onerror=${SCRIPT}>`,
  'an img with onerror (inline)': `Look: <img src="x" onerror="${SCRIPT}"> here`,
  'an html block with a handler': `<div onclick="${SCRIPT}">\n\n**bold**\n\n</div>`,
  'an iframe': `<iframe src="javascript:${SCRIPT}"></iframe>`,
  'an svg with onload': `<svg onload="${SCRIPT}"><circle r="1"/></svg>`,
  'an inline anchor in html': `Click <a href="javascript:${SCRIPT}">here</a>`,
  'a style block': '<style>body{background:url(javascript:alert(1))}</style>',
  'a javascript: link': `[x](javascript:${SCRIPT})`,
  'a mixed-case javascript: link': `[x](JaVaScRiPt:${SCRIPT})`,
  'a decimal-entity javascript: link': `[x](&#106;avascript:${SCRIPT})`,
  'a hex-entity javascript: link with an entity colon': `[x](&#x6A;avascript&#x3A;${SCRIPT})`,
  'a named-entity colon': `[x](javascript&colon;${SCRIPT})`,
  'a javascript: link with a tab inside': `[x](<java\tscript:${SCRIPT}>)`,
  'a javascript: link with an encoded newline inside': `[x](java&#10;script:${SCRIPT})`,
  'a javascript: link with an encoded tab inside': `[x](java&#9;script:${SCRIPT})`,
  'a javascript: link after a space': `[x](< javascript:${SCRIPT}>)`,
  'a javascript: link after an encoded control character': `[x](&#1;javascript:${SCRIPT})`,
  'a javascript: link with a title that tries to break out': `[x](javascript:${SCRIPT} "a\\" onmouseover=\\"${SCRIPT}")`,
  'a vbscript: link': '[x](vbscript:msgbox(1))',
  'a VBScript: link': '[x](VBScript:msgbox(1))',
  'a data:text/html link': '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  'a DATA: link': '[x](DATA:text/html,%3Cscript%3Ealert(1)%3C/script%3E)',
  'a javascript: image': `![x](javascript:${SCRIPT})`,
  'a data: svg image': `![x](data:image/svg+xml,%3Csvg%20onload%3Dalert(1)%3E)`,
  'a vbscript: image': '![x](vbscript:msgbox(1))',
  'a javascript: reference definition': `[x][evil]\n\n[evil]: javascript:${SCRIPT}`,
  'an entity-encoded reference definition': `[x][evil]\n\n[evil]: &#x6a;avascript:${SCRIPT}`,
  'a data: reference definition for an image': `![x][evil]\n\n[evil]: data:text/html,<b>x</b>`,
  'a vbscript: reference definition': '[x]\n\n[x]: vbscript:msgbox(1)',
  'a javascript: autolink': `<javascript:${SCRIPT}>`,
  'an upper-case javascript: autolink': '<JAVASCRIPT:alert(1)>',
  'a vbscript: autolink': '<vbscript:msgbox(1)>',
  'a data: autolink': '<data:text/html;base64,PHNjcmlwdD4=>',
  'a heading that tries to set an id with html': `## <span id="x" onmouseover="${SCRIPT}">Hi</span>`,
};

describe('PostMarkdown with hostile input', () => {
  it.each(Object.entries(HOSTILE))('renders %s harmlessly', (_name, markdown) => {
    const html = render(markdown);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<(iframe|svg|style|object|embed)/i);
    const names = attributeNamesOf(html);
    expect(names.filter((name) => /^on/i.test(name))).toEqual([]);
    for (const address of addressesOf(html)) {
      expect(['http:', 'https:', 'mailto:']).toContain(address.protocol);
    }
    expect(unescape(html)).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
  });

  it('finds attributes where they are (guard: the checks above can fail)', () => {
    expect(attributeNamesOf('<a href="x" onclick="y" title="a onmouseover=b">')).toEqual([
      'href',
      'onclick',
      'title',
    ]);
  });

  it('keeps ordinary addresses: https, mailto, paths and fragments', () => {
    const html = render(
      '[a](https://example.com/x?y=1) [b](mailto:team@example.com) [c](/blog/x#part) [d](#top) ![e](/images/e.png)',
    );
    expect(addressesOf(html).map((url) => url.href)).toEqual([
      'https://example.com/x?y=1',
      'mailto:team@example.com',
      'https://site.example/blog/x#part',
      'https://site.example/blog/a-post#top',
      'https://site.example/images/e.png',
    ]);
  });

  it('renders a link emptied of its hostile address as text the reader still sees', () => {
    expect(render(`[click me](javascript:${SCRIPT})`)).toBe(
      '<p><a href="" target="_blank" rel="noopener noreferrer">click me</a></p>',
    );
  });
});
