/**
 * Characters XML 1.0 does not allow at all, even escaped (C0 controls other than tab,
 * line feed and carriage return, U+FFFE, U+FFFF, and halves of a surrogate pair):
 * one in a post's title would make a whole feed ill-formed, so they are dropped.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text for an XML element or a double-quoted attribute, by entity escaping (issue 31).
 * No CDATA sections: a `]]>` inside one ends it, and a text holding several turns the
 * rest into markup (the `feed` library escaped only the first).
 */
export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * Feeds and the sitemap are data, never documents: a browser that opens one runs
 * nothing, loads nothing and may frame nothing from it (issue 31).
 */
export const XML_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
