import { env } from '~/env.server';
import { FEED_CACHE } from '~/utils/cache-control';

export const loader = () => {
  const body = [
    'User-agent: *',
    'Allow: /',
    // The API proxy and the admin redirects have nothing to index.
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /auth',
    '',
    `Sitemap: ${new URL('/sitemap.xml', env.PUBLIC_SITE_URL).href}`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': FEED_CACHE },
  });
};
