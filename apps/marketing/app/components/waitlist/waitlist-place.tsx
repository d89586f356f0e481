import type { WaitlistPlace } from '@repo/api-client';
import { Button, Card, CardContent, Input } from '@repo/ui';
import { Copy, Users } from 'lucide-react';
import { useId } from 'react';
import { ShareButton } from '~/components/blog/share-button';
import { copyLink } from '~/utils/copy-link';
import { SITE_NAME } from '~/utils/site';

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

function Headline({ place }: { place: WaitlistPlace }) {
  switch (place.state) {
    case 'queued':
      return (
        <>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">
            Your place in the queue
          </p>
          <p className="mt-2 text-6xl font-bold tabular-nums" data-testid="queue-position">
            #{(place.position ?? 0).toLocaleString('en-US')}
          </p>
          <p className="mt-3 text-muted-foreground">
            {place.ahead
              ? `${plural(place.ahead, 'person', 'people')} ahead of you, of ${place.total.toLocaleString('en-US')} in the queue.`
              : 'Nobody is ahead of you: you are next.'}
          </p>
        </>
      );
    case 'unconfirmed':
      return (
        <p className="text-lg">
          Your address is not confirmed yet: open the confirmation link we emailed you to take your
          place in the queue.
        </p>
      );
    case 'invited':
      return (
        <p className="text-lg">
          You&apos;re invited to the {SITE_NAME} beta! Accept the invitation we emailed you to take
          your seat.
        </p>
      );
    default:
      return <p className="text-lg">You&apos;re in the {SITE_NAME} beta. Welcome aboard!</p>;
  }
}

/**
 * A person's place on the waitlist (issue 11): position, the people ahead,
 * referrals, and the referral link with copy and share buttons.
 */
export function WaitlistPlaceCard({ place }: { place: WaitlistPlace }) {
  const linkId = useId();
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardContent className="flex flex-col items-center gap-6 p-6 text-center sm:p-8">
        <div>
          <Headline place={place} />
        </div>
        <div className="flex items-center gap-2 text-sm" data-testid="referral-count">
          <Users className="h-4 w-4 text-primary" aria-hidden="true" />
          {plural(place.referralCount, 'friend', 'friends')} joined through your link
        </div>
        {place.state === 'queued' || place.state === 'unconfirmed' ? (
          <div className="w-full text-left">
            <label htmlFor={linkId} className="text-sm font-medium">
              Your referral link
            </label>
            <p className="mt-1 text-sm text-muted-foreground">
              Each friend who joins through it and confirms their address moves you up{' '}
              {plural(place.boostPlaces, 'place', 'places')}.
            </p>
            <Input
              id={linkId}
              readOnly
              value={place.referralUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="mt-3 font-mono"
            />
            <div className="mt-3 flex flex-wrap gap-3">
              <Button type="button" onClick={() => void copyLink(place.referralUrl)}>
                <Copy aria-hidden="true" />
                Copy link
              </Button>
              <ShareButton
                title={`Join me on the ${SITE_NAME} beta waitlist`}
                text={`I'm on the waitlist for ${SITE_NAME}. Join through my link:`}
                url={place.referralUrl}
              />
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
