import { describe, expect, it } from 'vitest';
import { type FeedItem, rssFeed } from './rss-feed.server';

// A real XML parser: jsdom's DOMParser (saxes underneath), as a feed reader would read it.
function parseXml(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed: ${error.textContent}`);
  return document;
}

const channel = {
  title: 'Wordloom Blog',
  description: 'Guides & notes',
  link: 'https://www.example.com/blog',
  self: 'https://www.example.com/rss.xml',
  language: 'en',
  image: 'https://www.example.com/images/logo.svg',
  copyright: '© 2024 Wordloom',
  updated: new Date('2026-11-01T00:00:00Z'),
};

const item = (title: string, extra: Partial<FeedItem> = {}): FeedItem => ({
  title,
  link: 'https://www.example.com/blog/a-post',
  description: 'An excerpt with <em>markup</em> & an ampersand',
  date: new Date('2026-11-01T00:00:00Z'),
  category: 'Product',
  author: 'Ada Lovelace',
  ...extra,
});

const HOSTILE_TITLES = [
  // Two CDATA ends: the `feed` library escaped only the first, and the second let the
  // <script> element and everything after it into the feed as markup.
  'Release ]]> notes ]]><script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script><b>',
  ']]>]]>]]><item><title>forged</title></item>',
  '<![CDATA[ &amp; &lt;x&gt; "quoted" \'single\'',
  'A title with a control character \u0007 and an emoji 🚀',
];

describe('rssFeed', () => {
  it.each(HOSTILE_TITLES)('keeps a hostile title text: %s', (title) => {
    const document = parseXml(rssFeed(channel, [item(title)]));
    const items = document.getElementsByTagName('item');
    expect(items).toHaveLength(1);
    const titleElement = items[0]!.getElementsByTagName('title')[0]!;
    expect(titleElement.children).toHaveLength(0);
    expect(titleElement.textContent).toBe(title.replace('\u0007', ''));
    for (const name of ['script', 'b']) {
      expect(document.getElementsByTagName(name), name).toHaveLength(0);
    }
    expect(document.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', '*')).toHaveLength(0);
  });

  it('is RSS 2.0 with its channel, the self link, and each item', () => {
    const document = parseXml(
      rssFeed(channel, [
        item('First', { authorEmail: 'ada@example.com', image: 'https://www.example.com/a.webp' }),
        item('Second'),
      ]),
    );
    const rss = document.documentElement;
    expect(rss.tagName).toBe('rss');
    expect(rss.getAttribute('version')).toBe('2.0');
    const channelElement = rss.getElementsByTagName('channel')[0]!;
    const text = (parent: Element, name: string) =>
      parent.getElementsByTagName(name)[0]?.textContent;
    expect(text(channelElement, 'description')).toBe('Guides & notes');
    expect(text(channelElement, 'lastBuildDate')).toBe('Sun, 01 Nov 2026 00:00:00 GMT');
    const self = document.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0];
    expect(self?.getAttribute('href')).toBe('https://www.example.com/rss.xml');
    const [first, second] = [...document.getElementsByTagName('item')];
    expect(text(first!, 'description')).toBe('An excerpt with <em>markup</em> & an ampersand');
    expect(text(first!, 'author')).toBe('ada@example.com (Ada Lovelace)');
    expect(first!.getElementsByTagName('enclosure')[0]?.getAttribute('type')).toBe('image/webp');
    expect(text(second!, 'author')).toBe('Ada Lovelace');
    expect(second!.getElementsByTagName('enclosure')).toHaveLength(0);
  });
});
