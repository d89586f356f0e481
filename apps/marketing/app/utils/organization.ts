import { FOUNDED_YEAR, SITE_NAME, SOCIAL_LINKS } from './site';

/** Organization JSON-LD, on every page. */
export function organizationJsonLd(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: siteUrl,
    logo: new URL('/images/logo.svg', siteUrl).href,
    foundingDate: String(FOUNDED_YEAR),
    description: `${SITE_NAME} is an AI content platform that turns ideas into publish-ready, SEO-optimised content.`,
    sameAs: SOCIAL_LINKS.map((link) => link.href),
  };
}
