import type { SitePagePath } from '@repo/content/site-pages';

/**
 * Facts about the product and the site, written once (spec sections 1, 2 and 9).
 * Copy uses these constants; site-facts.test.ts fails on a fact written out elsewhere.
 * The beta cap is a rule the API enforces too: it lives in '@repo/validation' (beta-cap.ts, no zod),
 * imported only where it is shown, so that pages without it do not load that module.
 */
export const SITE_NAME = 'Wordloom';
export const FOUNDED_YEAR = 2022;
export const PUBLIC_LAUNCH = 'Q4 2025';
export const BETA_EMAIL = 'beta@wordloom.ai';
export const MOBILE_BREAKPOINT_PX = 768;
export const HOME_LATEST_POSTS = 3;
export const RELATED_POSTS_MAX = 3;

export interface SiteLink {
  to: string;
  label: string;
}

export const NAV_LINKS: readonly SiteLink[] = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/benefits', label: 'Benefits' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

export const FOOTER_GROUPS: readonly { title: string; links: readonly SiteLink[] }[] = [
  {
    title: 'Product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/features#roadmap', label: 'Roadmap' },
      { to: '/features#releases', label: 'Releases' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/beta', label: 'Join the Beta' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/blog', label: 'Blog' },
      { to: '/blog?category=Case+Study', label: 'Case Studies' },
      { to: '/docs', label: 'Documentation' },
      { to: '/helpdesk', label: 'Help Center' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/about#careers', label: 'Careers' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/about#legal', label: 'Legal' },
      { to: '/about#terms', label: 'Terms of Service' },
      { to: '/about#privacy', label: 'Privacy Policy' },
      { to: '/about#cookies', label: 'Cookie Policy' },
    ],
  },
];

export const SOCIAL_LINKS = [
  { network: 'X', href: 'https://x.com/wordloom', label: 'Wordloom on X' },
  {
    network: 'LinkedIn',
    href: 'https://www.linkedin.com/company/wordloom',
    label: 'Wordloom on LinkedIn',
  },
  {
    network: 'Instagram',
    href: 'https://www.instagram.com/wordloom',
    label: 'Wordloom on Instagram',
  },
  { network: 'YouTube', href: 'https://www.youtube.com/@wordloom', label: 'Wordloom on YouTube' },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['network'];

/**
 * Every indexable page, for the sitemap (posts are added from the API); their
 * paths are @repo/content's SITE_PAGE_PATHS, which a post may link to.
 */
export const PUBLIC_PAGES: readonly {
  path: SitePagePath;
  changefreq: 'weekly' | 'monthly';
  priority: number;
}[] = [
  { path: '/', changefreq: 'weekly', priority: 1 },
  { path: '/features', changefreq: 'monthly', priority: 0.9 },
  { path: '/benefits', changefreq: 'monthly', priority: 0.8 },
  { path: '/pricing', changefreq: 'monthly', priority: 0.8 },
  { path: '/beta', changefreq: 'weekly', priority: 0.9 },
  { path: '/blog', changefreq: 'weekly', priority: 0.8 },
  { path: '/about', changefreq: 'monthly', priority: 0.6 },
  { path: '/contact', changefreq: 'monthly', priority: 0.6 },
  { path: '/docs', changefreq: 'monthly', priority: 0.4 },
  { path: '/helpdesk', changefreq: 'monthly', priority: 0.4 },
  { path: '/beta-feedback', changefreq: 'monthly', priority: 0.3 },
];
