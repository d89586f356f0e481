import { Button, Card, CardContent, Skeleton } from '@repo/ui';
import { SectionHeader } from '@/components/section-header';
import { type DashboardParams, useDashboard } from '@/features/dashboard/use-dashboard';
import { formatDay } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { FunnelChart, PageViewsChart, RankingChart } from './analytics-charts';
import { PeriodComparison } from './period-comparison';
import { PeriodSelector } from './period-selector';
import { StaffExclusionCard } from './staff-exclusion-card';

/**
 * The site's analytics for a period (7, 30 or 90 days, or a custom range),
 * compared with the period before; refreshed every 30 s like the stat cards.
 */
export function SiteAnalyticsView({
  params,
  onParamsChange,
}: {
  params: DashboardParams;
  onParamsChange: (params: DashboardParams) => void;
}) {
  const dashboard = useDashboard(params);
  const data = dashboard.data;

  let body;
  if (dashboard.isPending) {
    body = (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-72" />
        ))}
      </div>
    );
  } else if (!data) {
    body = (
      <Card>
        <CardContent className="grid justify-items-start gap-2 pt-6 text-sm" role="alert">
          <p className="font-medium text-destructive">Could not load analytics</p>
          <p className="text-muted-foreground">{errorMessage(dashboard.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  } else {
    body = (
      <>
        <PeriodComparison comparison={data.comparison} />
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <PageViewsChart data={data.pageViewsPerDay} />
          <RankingChart
            title="Top pages"
            data={data.topPages.map((page) => ({ label: page.path, value: page.views }))}
            emptyMessage="No page views recorded in this period."
          />
          <RankingChart
            title="Top referrers"
            data={data.topReferrers.map((row) => ({ label: row.referrer, value: row.visits }))}
            emptyMessage="No referrers recorded in this period."
          />
          <FunnelChart data={data.waitlistFunnel} />
        </div>
      </>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <Card>
        <SectionHeader
          title="Analytics"
          description={
            data
              ? `${formatDay(data.period.firstDay)} – ${formatDay(data.period.lastDay)} (${data.period.days} days, UTC). Updates every 30 seconds.`
              : 'Updates every 30 seconds.'
          }
        />
        <CardContent>
          <PeriodSelector value={params} onChange={onParamsChange} />
        </CardContent>
      </Card>
      {body}
      <StaffExclusionCard />
    </div>
  );
}
