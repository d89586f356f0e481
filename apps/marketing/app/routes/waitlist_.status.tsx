import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PageHero } from '~/components/marketing/page-hero';
import { placeStateOf } from '~/components/waitlist/use-waitlist-place';
import { statusLoader } from '~/components/waitlist/waitlist-place.server';
import { WaitlistPlaceCard } from '~/components/waitlist/waitlist-place';
import { LINK_PAGE_HEADERS, REFERRER_META } from '~/utils/link-page';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: 'Your place on the waitlist',
    description: `Where you stand in the ${SITE_NAME} beta queue, and your referral link.`,
    path: '/waitlist/status',
    siteUrl: siteUrlFrom(matches),
    noIndex: true,
  }),
  REFERRER_META,
];

/** The place is read on the server, with or without JavaScript (issue 22). */
export const loader = statusLoader;

// One person's place, behind their link's token: no cache (nor the site's page cache) keeps it.
export const headers: HeadersFunction = () => LINK_PAGE_HEADERS;

/** A person's place, from the signed link in their confirmation email (issue 11). */
export default function WaitlistStatusPage() {
  const state = placeStateOf(useLoaderData<typeof loader>());
  return (
    <>
      <PageHero
        eyebrow="Waitlist"
        title="Your place on the waitlist"
        description="Share your referral link: each friend who joins and confirms moves you up the queue."
      />
      <section className="px-4 py-12 sm:px-6 sm:py-16">
        <div className="mx-auto flex max-w-xl flex-col items-center gap-6 text-center">
          {state.kind === 'ready' ? (
            <WaitlistPlaceCard place={state.place} />
          ) : (
            <p role="alert">
              {state.kind === 'failed' ? state.message : 'This link is invalid or incomplete.'}
            </p>
          )}
        </div>
      </section>
    </>
  );
}
