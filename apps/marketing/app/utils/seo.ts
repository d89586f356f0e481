import type { MetaDescriptor } from '@remix-run/node';
import { SITE_NAME } from './site';

const DEFAULT_OG_IMAGE = '/images/og-default.jpg';

interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/features'. */
  path: string;
  /** The site's public origin (from the root loader). */
  siteUrl: string;
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'article';
  /** Set for pages that must not be indexed (404, the survey). */
  noIndex?: boolean;
  /** Extra tags, e.g. article:published_time. */
  extra?: MetaDescriptor[];
}

/** Title, description, canonical, Open Graph and Twitter card tags for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = new URL(input.path, input.siteUrl).href;
  const image = new URL(input.image ?? DEFAULT_OG_IMAGE, input.siteUrl).href;
  const title = input.title.includes(SITE_NAME) ? input.title : `${input.title} | ${SITE_NAME}`;
  return [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...(input.noIndex ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: input.imageAlt ?? `${SITE_NAME}: ${input.title}` },
    { property: 'og:locale', content: 'en_GB' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: image },
    ...(input.extra ?? []),
  ];
}

/** JSON-LD as a meta descriptor (Remix renders it as a script tag). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { 'script:ld+json': data };
}

interface RootMatch {
  id: string;
  data?: unknown;
}

/** The public origin, from the root loader's data (meta functions run without env access). */
export function siteUrlFrom(matches: readonly RootMatch[]): string {
  const root = matches.find((match) => match.id === 'root')?.data as
    { siteUrl?: string } | undefined;
  return root?.siteUrl ?? 'http://localhost:3000';
}
