import type { SeatFigures as Seats } from '@repo/api-client';
import { Progress } from '@repo/ui';
import { formatCount, formatDateTime } from '@/lib/format';

/**
 * Issue 11: seats held (active testers and invitations not yet lapsed) against
 * the cap, the seats free, and the invitations that lapse within 48 hours.
 */
export function SeatFigures({ seats }: { seats: Seats }) {
  const { held, free, cap, expiringSoon } = seats;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-2">
        <div className="flex justify-between text-sm">
          <span id="beta-capacity-label" className="font-medium">
            Seats held
          </span>
          <span className="tabular-nums text-muted-foreground">
            {formatCount(held)} of {formatCount(cap)}
          </span>
        </div>
        <Progress aria-labelledby="beta-capacity-label" value={Math.min(100, (held / cap) * 100)} />
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground tabular-nums">{formatCount(free)}</span>{' '}
          {free === 1 ? 'seat' : 'seats'} free. Active testers and invitations not yet accepted hold
          seats; inactive testers do not.
        </p>
      </div>
      <section aria-labelledby="beta-expiring-label" className="grid content-start gap-2">
        <h3 id="beta-expiring-label" className="text-sm font-medium">
          Invitations expiring within 48 hours
        </h3>
        {expiringSoon.length === 0 ? (
          <p className="text-sm text-muted-foreground">None: no held seat lapses that soon.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {expiringSoon.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap justify-between gap-x-3">
                <span>
                  {invitation.firstName} {invitation.lastName}{' '}
                  <span className="text-muted-foreground">{invitation.email}</span>
                </span>
                <span className="whitespace-nowrap tabular-nums text-muted-foreground">
                  expires {formatDateTime(invitation.invitationExpiresAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
