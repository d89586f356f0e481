import { apiRoutes, type ReferralChain, type WaitlistEntry } from '@repo/api-client';
import { Badge } from '@repo/ui';
import { DetailsDialog } from '@/components/details-dialog';
import { formatDate } from '@/lib/format';
import { useApiQuery } from '@/lib/use-api-query';

type Person = ReferralChain['referrals'][number];

function PersonLine({ person, showCredit }: { person: Person; showCredit: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span>
        <span className="font-medium">
          {person.firstName} {person.lastName}
        </span>{' '}
        <span className="text-muted-foreground">{person.email}</span>
      </span>
      <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
        {formatDate(person.createdAt)}
        {person.confirmedAt ? null : <Badge variant="outline">Unconfirmed</Badge>}
        {showCredit ? (
          person.credited ? (
            <Badge variant="secondary">Counted</Badge>
          ) : (
            <Badge variant="outline">Not counted</Badge>
          )
        ) : null}
      </span>
    </li>
  );
}

/**
 * Issue 11: who referred an entry (and who referred them) and whom it
 * referred, with whether each referral counted (confirmed, another mailbox).
 */
export function ReferralChainDialog({
  entry,
  onClose,
}: {
  entry: WaitlistEntry | null;
  onClose: () => void;
}) {
  const chain = useApiQuery(apiRoutes.admin.waitlist.referrals(entry?.id ?? ''), undefined, {
    enabled: entry !== null,
  });
  return (
    <DetailsDialog
      open={entry !== null}
      onClose={onClose}
      title="Referrals"
      description={
        entry
          ? `${entry.firstName} ${entry.lastName} · code ${entry.referralCode ?? '—'} · ${entry.referralCount} counted`
          : ''
      }
      query={chain}
    >
      {(data) => (
        <div className="grid gap-4 text-sm">
          <section aria-labelledby="referred-by-heading">
            <h3 id="referred-by-heading" className="font-semibold">
              Referred by
            </h3>
            {data.referredBy.length === 0 ? (
              <p className="text-muted-foreground">Nobody: joined on their own.</p>
            ) : (
              <ol className="divide-y">
                {data.referredBy.map((person) => (
                  <PersonLine key={person.id} person={person} showCredit={false} />
                ))}
              </ol>
            )}
          </section>
          <section aria-labelledby="referrals-heading">
            <h3 id="referrals-heading" className="font-semibold">
              Referred ({data.referrals.length})
            </h3>
            {data.referrals.length === 0 ? (
              <p className="text-muted-foreground">Nobody yet.</p>
            ) : (
              <ul className="divide-y">
                {data.referrals.map((person) => (
                  <PersonLine key={person.id} person={person} showCredit />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </DetailsDialog>
  );
}
