import svgToMiniDataURI from 'mini-svg-data-uri';

/**
 * The largest image of a page's first screen, inline (issue 22). A page marks it with
 * fetchpriority="high" (the home page's hero, a post's featured image); when it is one
 * of the site's own small SVG illustrations, the document carries it as a data: URL,
 * so the first paint shows it without another round trip on a slow link. Larger files
 * and uploaded photos stay requests (they would cost the document more than they save).
 */
const MAX_INLINE_BYTES = 4096;

// The SVGs of public/images, read at build time into the server's bundle only.
const files = import.meta.glob<string>('../../public/images/**/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const dataUrls = new Map<string, string>();
for (const [file, svg] of Object.entries(files)) {
  if (Buffer.byteLength(svg) > MAX_INLINE_BYTES) continue;
  const path = file.slice(file.indexOf('/images/'));
  // A double-quoted attribute: the data URL uses single quotes; & must be an entity.
  dataUrls.set(path, svgToMiniDataURI(svg).replace(/&/g, '&amp;'));
}

const HIGH_PRIORITY_IMAGE = /<img src="(\/images\/[^"]+\.svg)"([^>]*\sfetchpriority="high")/;

/** Inlines the document's first high-priority image when it is a small site SVG. */
export function inlineLcpImage(html: string): string {
  return html.replace(HIGH_PRIORITY_IMAGE, (tag, path: string, rest: string) => {
    const dataUrl = dataUrls.get(path);
    return dataUrl === undefined ? tag : `<img src="${dataUrl}"${rest}`;
  });
}
