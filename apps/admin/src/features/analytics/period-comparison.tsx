import type { AnalyticsDashboard, DashboardFigures } from '@repo/api-client';
import { Card, CardContent, CardDescription, CardHeader, cn } from '@repo/ui';
import { formatCount, formatDay } from '@/lib/format';

const FIGURES: { key: keyof DashboardFigures; label: string }[] = [
  { key: 'pageViews', label: 'Page views' },
  { key: 'visitors', label: 'Visitors' },
  { key: 'waitlistSignups', label: 'Waitlist signups' },
  { key: 'contactSubmissions', label: 'Contact messages' },
  { key: 'feedbackResponses', label: 'Survey responses' },
  { key: 'featureEngagement', label: 'Feature engagement' },
];

/** '+12 (+25%)', '−3 (−10%)', 'no change'; 'new' when there was nothing before. */
export function describeChange(current: number, previous: number): string {
  const difference = current - previous;
  if (difference === 0) return 'no change';
  const sign = difference > 0 ? '+' : '−';
  const amount = `${sign}${formatCount(Math.abs(difference))}`;
  if (previous === 0) return `${amount} (new)`;
  const percent = Math.round((Math.abs(difference) / previous) * 100);
  return `${amount} (${sign}${percent}%)`;
}

/** Each headline figure of the period beside the previous period's (issue 12). */
export function PeriodComparison({ comparison }: { comparison: AnalyticsDashboard['comparison'] }) {
  const { previousPeriod, current, previous } = comparison;
  return (
    <Card>
      <CardHeader className="pb-2">
        <h3 className="font-semibold">Compared with the previous {previousPeriod.days} days</h3>
        <CardDescription>
          {formatDay(previousPeriod.firstDay)} – {formatDay(previousPeriod.lastDay)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {FIGURES.map(({ key, label }) => {
            const now = current[key];
            const before = previous[key];
            return (
              <div key={key} className="rounded-md border p-3">
                <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums">{formatCount(now)}</dd>
                <dd
                  className={cn(
                    'text-xs tabular-nums',
                    now > before
                      ? 'text-success'
                      : now < before
                        ? 'text-destructive'
                        : 'text-muted-foreground',
                  )}
                >
                  {describeChange(now, before)}
                  <span className="text-muted-foreground"> vs {formatCount(before)}</span>
                </dd>
              </div>
            );
          })}
        </dl>
      </CardContent>
    </Card>
  );
}
