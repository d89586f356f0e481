import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { InvitationAcceptance } from '~/components/beta/invitation-acceptance';
import { useLinkToken } from '~/components/waitlist/use-waitlist-place';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Accept your beta invitation',
    description: `Take the seat held for you in the ${SITE_NAME} beta.`,
    path: '/beta/accept',
    siteUrl: siteUrlFrom(matches),
    // A private page behind a single-use link.
    noIndex: true,
  });

// Each address carries a single-use token: no shared cache (nor the site's page cache) keeps it.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * Where the beta invitation email's link lands (issue 11). The token is read in
 * the browser, and only the button's POST accepts (see InvitationAcceptance).
 */
export default function AcceptInvitationPage() {
  return <InvitationAcceptance token={useLinkToken()} />;
}
