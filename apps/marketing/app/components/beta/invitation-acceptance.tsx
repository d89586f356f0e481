import { Link } from '@remix-run/react';
import { ApiError } from '@repo/api-client';
import { Button, Spinner } from '@repo/ui';
import { BETA_CAP } from '@repo/validation';
import { useCallback, useState } from 'react';
import { PageHero } from '~/components/marketing/page-hero';
import { siteApi } from '~/utils/browser-api';
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

const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';

function outcomeOf(error: unknown): AcceptanceState {
  if (!(error instanceof ApiError)) return { kind: 'failed', message: UNREACHABLE };
  if (error.status === 410) return { kind: 'expired', message: error.serverMessage };
  if (error.status === 404) return { kind: 'used', message: error.serverMessage };
  if (error.status === 400) return { kind: 'invalid' };
  return { kind: 'failed', message: error.serverMessage };
}

/**
 * Accepting is the button's POST, never the page's GET: mail scanners open the
 * links in a message, and a scanner must not take someone's seat for them.
 */
function useInvitationAcceptance() {
  const [state, setState] = useState<AcceptanceState>({ kind: 'ready' });
  const accept = useCallback(async (token: string) => {
    setState({ kind: 'accepting' });
    try {
      const { firstName } = await siteApi.betaInvitations.accept({ token });
      setState({ kind: 'accepted', firstName });
    } catch (error) {
      setState(outcomeOf(error));
    }
  }, []);
  return { state, accept };
}

interface InvitationAcceptanceProps {
  /** The link's token; null when the address carries none, undefined until the browser has read it. */
  token: string | null | undefined;
}

function BackToBeta() {
  return (
    <Button asChild size="lg" variant="outline">
      <Link to="/beta">Visit the beta page</Link>
    </Button>
  );
}

/** The page behind the invitation email's link: one button, then what happened. */
export function InvitationAcceptance({ token }: InvitationAcceptanceProps) {
  const { state, accept } = useInvitationAcceptance();
  const shown: AcceptanceState = token === null ? { kind: 'invalid' } : state;

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
          <Button
            size="lg"
            disabled={!token || shown.kind === 'accepting'}
            onClick={() => token && void accept(token)}
          >
            {shown.kind === 'accepting' ? <Spinner aria-hidden="true" /> : null}
            Accept my invitation
          </Button>
          {shown.kind === 'failed' ? (
            <p role="alert" className="basis-full text-destructive">
              {shown.message}
            </p>
          ) : null}
        </PageHero>
      );
  }
}
