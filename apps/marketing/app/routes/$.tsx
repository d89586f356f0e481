import { data, type MetaFunction } from '@remix-run/node';
import { NotFound } from '~/components/layout/not-found';
import { SITE_NAME } from '~/utils/site';

// Any other address: the fallback page, answered with HTTP 404 (spec section 2).
export const loader = () => data(null, { status: 404 });

export const meta: MetaFunction = () => [
  { title: `404 Page Not Found | ${SITE_NAME}` },
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
