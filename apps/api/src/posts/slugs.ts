const SLUG_MAX = 120;

/**
 * A kebab-case slug from a title: accents dropped, anything but letters and digits
 * turned into single hyphens ("Café, SEO & You!" -> "cafe-seo-you"); '' when the
 * title has no Latin letter or digit to keep.
 */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** Minutes at about 200 words a minute, at least one. */
export function readingTimeOf(markdown: string | undefined): number {
  const words = markdown?.trim().split(/\s+/).filter(Boolean).length ?? 0;
  return Math.max(1, Math.ceil(words / 200));
}
