import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { InvitationAcceptance } from '~/components/beta/invitation-acceptance';
import { invitationAction, invitationLoader } from '~/components/beta/invitation-acceptance.server';
import { LINK_PAGE_HEADERS, REFERRER_META } from '~/utils/link-page';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: 'Accept your beta invitation',
    description: `Take the seat held for you in the ${SITE_NAME} beta.`,
    path: '/beta/accept',
    siteUrl: siteUrlFrom(matches),
    // A private page behind a single-use link.
    noIndex: true,
  }),
  REFERRER_META,
];

export const loader = invitationLoader;
export const action = invitationAction;

// Each address carries a single-use token: no shared cache (nor the site's page cache) keeps it.
export const headers: HeadersFunction = () => LINK_PAGE_HEADERS;

/**
 * Where the beta invitation email's link lands (issue 11). The loader reads the
 * token, and only the button's POST accepts (see InvitationAcceptance), with
 * JavaScript or without (issue 22).
 */
export default function AcceptInvitationPage() {
  return <InvitationAcceptance token={useLoaderData<typeof loader>().token} />;
}
