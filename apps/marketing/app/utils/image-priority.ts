/**
 * fetchpriority="high" for the one image that is the page's largest paint.
 * React 18 does not know the camel-cased prop and warns; the lower-case
 * attribute passes through unchanged.
 */
export const HIGH_PRIORITY = { fetchpriority: 'high' } as Record<string, string>;
