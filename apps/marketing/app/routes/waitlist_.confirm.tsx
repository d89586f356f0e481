import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Button, Spinner } from '@repo/ui';
import { PageHero } from '~/components/marketing/page-hero';
import { CONFIRM_ACTION, useConfirmation } from '~/components/waitlist/use-waitlist-place';
import {
  confirmationAction,
  confirmationLoader,
} from '~/components/waitlist/waitlist-place.server';
import { WaitlistPlaceCard } from '~/components/waitlist/waitlist-place';
import { LINK_PAGE_HEADERS, REFERRER_META } from '~/utils/link-page';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: 'Confirm your place on the waitlist',
    description: `Confirm your email address to take your place in the ${SITE_NAME} beta queue.`,
    path: '/waitlist/confirm',
    siteUrl: siteUrlFrom(matches),
    noIndex: true,
  }),
  REFERRER_META,
];

export const loader = confirmationLoader;
export const action = confirmationAction;

// The address carries a single-use token: no cache (nor the site's page cache) keeps the page.
export const headers: HeadersFunction = () => LINK_PAGE_HEADERS;

/**
 * Where the confirmation email's link lands (issue 11). Confirming is the
 * button's POST, not the page's GET: mail scanners open links, and a scanner
 * must not confirm an address someone else typed into the form. The button is a
 * form, so it confirms with JavaScript off too (issue 22).
 */
export default function ConfirmWaitlistPage() {
  const { token: linkToken } = useLoaderData<typeof loader>();
  const { state, token, submit } = useConfirmation(linkToken);
  const confirmed = state.kind === 'ready';
  return (
    <>
      <PageHero
        eyebrow="Waitlist"
        title={confirmed ? "You're confirmed!" : 'Confirm your place'}
        description={
          confirmed
            ? 'Your address is confirmed and your place in the queue is yours. Share your link to move up.'
            : `One click and your place in the ${SITE_NAME} beta queue counts.`
        }
      />
      <section className="px-4 py-12 sm:px-6 sm:py-16">
        <div className="mx-auto flex max-w-xl flex-col items-center gap-6 text-center">
          {state.kind === 'ready' ? (
            <WaitlistPlaceCard place={state.place} />
          ) : token === null ? (
            <p role="alert">
              {state.kind === 'failed' ? state.message : 'This link is invalid or incomplete.'}
            </p>
          ) : (
            <>
              <form method="post" action={CONFIRM_ACTION} onSubmit={submit}>
                <input type="hidden" name="token" value={token} />
                <Button type="submit" size="lg" disabled={state.kind === 'loading'}>
                  {state.kind === 'loading' ? <Spinner aria-hidden="true" /> : null}
                  Confirm my email address
                </Button>
              </form>
              {state.kind === 'failed' ? (
                <div role="alert" className="space-y-3">
                  <p>{state.message}</p>
                  {state.status === 404 ? (
                    <p className="text-muted-foreground">
                      Already confirmed? The confirmation email also has a link to your place in the
                      queue.
                    </p>
                  ) : null}
                  {state.status === 410 ? (
                    <Button asChild variant="outline">
                      <Link to="/beta">Join the waitlist again</Link>
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </>
          )}
        </div>
      </section>
    </>
  );
}
