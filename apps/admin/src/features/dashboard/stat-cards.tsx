import { BETA_CAP } from '@repo/validation';
import { Card, Skeleton } from '@repo/ui';
import { useParticipants } from '@/features/beta/use-participants';
import { formatCount } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useDashboard } from './use-dashboard';

interface StatCardProps {
  title: string;
  value: number | undefined;
  isLoading: boolean;
  isError: boolean;
  note: string;
}

function StatCard({ title, value, isLoading, isError, note }: StatCardProps) {
  return (
    <Card className="p-3 sm:p-4">
      <h2 className="text-xs font-medium text-muted-foreground sm:text-sm">{title}</h2>
      {isLoading ? (
        <Skeleton className="mt-1 h-7 w-16" />
      ) : (
        <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={`stat-${title}`}>
          {isError || value === undefined ? '–' : formatCount(value)}
        </p>
      )}
      <p className="mt-0.5 truncate text-xs text-muted-foreground">
        {isError ? 'Could not load' : note}
      </p>
    </Card>
  );
}

/**
 * Spec section 2: Beta Users from the participants, the other three from the
 * dashboard; each only to a role that may read it (issue 19), and nothing is
 * asked of the API that it would refuse.
 */
export function StatCards() {
  const canReadBeta = useCan('beta:read');
  const canReadAnalytics = useCan('analytics:read');
  const participants = useParticipants({ enabled: canReadBeta });
  const dashboard = useDashboard(undefined, { enabled: canReadAnalytics });
  // The three dashboard figures are all-time totals; only the charts follow the period.
  const period = 'All time';
  if (!canReadBeta && !canReadAnalytics) return null;
  return (
    // Compact (issue 20): two by two on a phone, one row from the large breakpoint up.
    <section aria-label="Key figures" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {canReadBeta ? (
        <StatCard
          title="Beta Users"
          value={participants.data?.participants.length}
          isLoading={participants.isPending}
          isError={participants.isError}
          note={`of ${participants.data?.cap ?? BETA_CAP} places`}
        />
      ) : null}
      {canReadAnalytics ? (
        <>
          <StatCard
            title="Waitlist Signups"
            value={dashboard.data?.waitlistSignups}
            isLoading={dashboard.isPending}
            isError={dashboard.isError}
            note={
              dashboard.data
                ? `${period} · ${dashboard.data.confirmedWaitlistSignups.toLocaleString('en-US')} confirmed`
                : period
            }
          />
          <StatCard
            title="Contact Submissions"
            value={dashboard.data?.contactSubmissions}
            isLoading={dashboard.isPending}
            isError={dashboard.isError}
            note={period}
          />
          <StatCard
            title="Feature Engagement"
            value={dashboard.data?.featureEngagement}
            isLoading={dashboard.isPending}
            isError={dashboard.isError}
            note={period}
          />
        </>
      ) : null}
    </section>
  );
}
