import { escapeXml } from './xml.server';

export interface FeedChannel {
  title: string;
  description: string;
  /** The blog's address. */
  link: string;
  /** The feed's own address (atom:link rel="self"). */
  self: string;
  language: string;
  image: string;
  copyright: string;
  updated?: Date;
}

export interface FeedItem {
  title: string;
  link: string;
  description: string;
  date: Date;
  category: string;
  author: string;
  authorEmail?: string;
  image?: string;
}

const IMAGE_TYPES: Record<string, string> = {
  avif: 'image/avif',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

function element(name: string, text: string, indent = '    '): string {
  return `${indent}<${name}>${escapeXml(text)}</${name}>`;
}

function enclosure(url: string): string[] {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? '';
  const type = IMAGE_TYPES[extension];
  if (!type) return [];
  return [`      <enclosure url="${escapeXml(url)}" length="0" type="${type}"/>`];
}

function itemXml(item: FeedItem): string {
  // RSS 2.0's author is an address, with the name in parentheses.
  const author = item.authorEmail ? `${item.authorEmail} (${item.author})` : item.author;
  return [
    '    <item>',
    element('title', item.title, '      '),
    element('link', item.link, '      '),
    `      <guid isPermaLink="false">${escapeXml(item.link)}</guid>`,
    element('pubDate', item.date.toUTCString(), '      '),
    element('description', item.description, '      '),
    element('author', author, '      '),
    element('category', item.category, '      '),
    ...(item.image ? enclosure(item.image) : []),
    '    </item>',
  ].join('\n');
}

/**
 * An RSS 2.0 document (https://www.rssboard.org/rss-specification). Every text is
 * entity-escaped (escapeXml), never wrapped in CDATA: a post's title is whatever its
 * author typed, and it must stay text in every feed reader (issue 31).
 */
export function rssFeed(channel: FeedChannel, items: readonly FeedItem[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    ...(channel.updated ? [element('lastBuildDate', channel.updated.toUTCString())] : []),
    element('docs', 'https://www.rssboard.org/rss-specification'),
    element('language', channel.language),
    '    <image>',
    element('title', channel.title, '      '),
    element('url', channel.image, '      '),
    element('link', channel.link, '      '),
    '    </image>',
    element('copyright', channel.copyright),
    `    <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...items.map(itemXml),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
