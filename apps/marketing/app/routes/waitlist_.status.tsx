import type { MetaFunction } from '@remix-run/node';
import { Spinner } from '@repo/ui';
import { useEffect } from 'react';
import { PageHero } from '~/components/marketing/page-hero';
import { readPlace, useLinkToken, usePlaceRequest } from '~/components/waitlist/use-waitlist-place';
import { WaitlistPlaceCard } from '~/components/waitlist/waitlist-place';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Your place on the waitlist',
    description: `Where you stand in the ${SITE_NAME} beta queue, and your referral link.`,
    path: '/waitlist/status',
    siteUrl: siteUrlFrom(matches),
    noIndex: true,
  });

/** A person's place, from the signed link in their confirmation email (issue 11). */
export default function WaitlistStatusPage() {
  const token = useLinkToken();
  const { state, run } = usePlaceRequest();
  useEffect(() => {
    if (token) void run(() => readPlace(token));
  }, [token, run]);
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
          ) : token === null || state.kind === 'failed' ? (
            <p role="alert">
              {state.kind === 'failed' ? state.message : 'This link is invalid or incomplete.'}
            </p>
          ) : (
            <p className="flex items-center gap-2 text-muted-foreground" role="status">
              <Spinner aria-hidden="true" /> Loading your place…
            </p>
          )}
        </div>
      </section>
    </>
  );
}
