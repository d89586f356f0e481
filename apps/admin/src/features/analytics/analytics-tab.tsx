import { Button, Card, CardContent, Skeleton } from '@repo/ui';
import { SectionHeader } from '@/components/section-header';
import { useDashboard } from '@/features/dashboard/use-dashboard';
import { formatDate } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { FunnelChart, PageViewsChart, RankingChart } from './analytics-charts';
import { FeedbackChart } from './feedback-chart';

/** The analytics dashboard's charts; the data refreshes every 30 s with the stat cards. */
export function AnalyticsTab() {
  const dashboard = useDashboard();
  const data = dashboard.data;

  if (dashboard.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-72" />
        ))}
      </div>
    );
  }
  if (!data) {
    return (
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
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <Card>
        <SectionHeader
          title="Analytics"
          description={`${formatDate(data.period.from)} – ${formatDate(data.period.to)} (last ${data.period.days} days). Updates every 30 seconds.`}
        />
      </Card>
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
        <FeedbackChart feedback={data.feedback} />
      </div>
    </div>
  );
}
