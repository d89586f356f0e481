import { describe, expect, it } from 'vitest';
import { inlineLcpImage } from './inline-lcp-image.server';

const HERO =
  '<img src="/images/features/brand-aware-writing-assistant.svg" alt="The editor" width="1200" height="750" fetchpriority="high" class="h-auto"/>';

describe('inlineLcpImage', () => {
  it("inlines the page's high-priority site SVG as a data: URL, the other attributes kept", () => {
    const html = inlineLcpImage(`<main>${HERO}</main>`);
    const src = /<img src="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(src.startsWith('data:image/svg+xml,')).toBe(true);
    expect(src).not.toMatch(/["<>]/);
    expect(html).toContain(' alt="The editor" width="1200" height="750" fetchpriority="high"');
  });

  it('leaves lazy images, unknown files and other documents alone', () => {
    const lazy = HERO.replace('fetchpriority="high"', 'loading="lazy"');
    expect(inlineLcpImage(lazy)).toBe(lazy);
    const unknown = HERO.replace('brand-aware-writing-assistant', 'no-such-file');
    expect(inlineLcpImage(unknown)).toBe(unknown);
    const photo = '<img src="/api/post-images/a-1600x840-960.webp" fetchpriority="high"/>';
    expect(inlineLcpImage(photo)).toBe(photo);
  });
});
