import { Link, useActionData, useFetcher } from '@remix-run/react';
import { Button, Spinner } from '@repo/ui';
import { BETA_CAP } from '@repo/validation';
import type { FormEvent } from 'react';
import { PageHero } from '~/components/marketing/page-hero';
import { SITE_NAME } from '~/utils/site';

/** What became of the invitation link, as the page shows it (issue 11). */
type AcceptanceState =
  | { kind: 'ready' }
  | { kind: 'accepting' }
  | { kind: 'accepted'; firstName: string }
  /** The invitation lapsed before it was accepted: its seat went to someone else. */
  | { kind: 'expired'; message: string }
  /** A well-formed link that no longer works: used already, replaced by a resend, or removed. */
  | { kind: 'used'; message: string }
  /** No token, or not one the site ever sends. */
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string };

/**
 * The answer of /beta/accept's action (invitation-acceptance.server.ts), with
 * JavaScript or without (issue 22). A failure keeps the token for another try.
 */
export type AcceptanceAnswer =
  | Exclude<AcceptanceState, { kind: 'ready' } | { kind: 'accepting' } | { kind: 'failed' }>
  | { kind: 'failed'; message: string; token: string };

/** Where the button posts (the route's own action). */
const ACCEPT_ACTION = '/beta/accept';

/**
 * Accepting is the button's POST, never the page's GET: mail scanners open the
 * links in a message, and a scanner must not take someone's seat for them. The
 * button is a plain form posting the token to the page's action, answered with the
 * page itself when JavaScript is off; with JavaScript, the same post goes through a
 * fetcher (issue 22). After a post without JavaScript the address carries no token:
 * a failure's answer brings it back for another try.
 */
function useInvitationAcceptance(linkToken: string | null) {
  const fetcher = useFetcher<AcceptanceAnswer>();
  const posted = useActionData<AcceptanceAnswer>();
  const answer = fetcher.data ?? posted;
  const token = answer?.kind === 'failed' ? answer.token : linkToken;
  const state: AcceptanceState =
    fetcher.state !== 'idle'
      ? { kind: 'accepting' }
      : answer
        ? answer
        : token === null
          ? { kind: 'invalid' }
          : { kind: 'ready' };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (token) fetcher.submit({ token }, { method: 'post', action: ACCEPT_ACTION });
  };
  return { state, token, submit };
}

interface InvitationAcceptanceProps {
  /** The link's token, read by the page's loader; null when the address carries none. */
  token: string | null;
}

function BackToBeta() {
  return (
    <Button asChild size="lg" variant="outline">
      <Link to="/beta">Visit the beta page</Link>
    </Button>
  );
}

/** The page behind the invitation email's link: one button, then what happened. */
export function InvitationAcceptance({ token: linkToken }: InvitationAcceptanceProps) {
  const { state: shown, token, submit } = useInvitationAcceptance(linkToken);

  switch (shown.kind) {
    case 'accepted':
      return (
        <PageHero
          eyebrow="Beta invitation"
          title={`Welcome to the beta, ${shown.firstName}!`}
          description={`Your seat is yours: you are one of the ${BETA_CAP} testers of ${SITE_NAME}. Join the weekly onboarding webinar to get started, then work through the six-step checklist. New features drop every Monday.`}
        >
          <Button asChild size="lg">
            <Link to="/beta-feedback">Open the feedback survey</Link>
          </Button>
        </PageHero>
      );
    case 'expired':
      return (
        <PageHero
          eyebrow="Beta invitation"
          title="This invitation has expired"
          description={`${shown.message}. We will write again when a seat is free for you.`}
        >
          <BackToBeta />
        </PageHero>
      );
    case 'used':
      return (
        <PageHero
          eyebrow="Beta invitation"
          title="This link has already been used"
          description={`${shown.message}. If you accepted it, you are in. If we sent you a newer invitation, use the link in that email.`}
        >
          <BackToBeta />
        </PageHero>
      );
    case 'invalid':
      return (
        <PageHero
          eyebrow="Beta invitation"
          title="This invitation link is invalid"
          description="The link is incomplete. Open it again from the invitation email, or copy the whole address into your browser."
        >
          <BackToBeta />
        </PageHero>
      );
    default:
      return (
        <PageHero
          eyebrow="Beta invitation"
          title="Accept your beta invitation"
          description={`A seat in the ${SITE_NAME} beta is held for you, one of ${BETA_CAP}. Accept it to take it; unaccepted, it goes to the next person on the waitlist.`}
        >
          <form method="post" action={ACCEPT_ACTION} onSubmit={submit}>
            <input type="hidden" name="token" value={token ?? ''} />
            <Button type="submit" size="lg" disabled={!token || shown.kind === 'accepting'}>
              {shown.kind === 'accepting' ? <Spinner aria-hidden="true" /> : null}
              Accept my invitation
            </Button>
          </form>
          {shown.kind === 'failed' ? (
            <p role="alert" className="basis-full text-destructive">
              {shown.message}
            </p>
          ) : null}
        </PageHero>
      );
  }
}
