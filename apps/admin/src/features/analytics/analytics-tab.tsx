import { DASHBOARD_PERIOD_PRESETS, dashboardQuerySchema } from '@repo/validation';
import { useUrlParams } from '@/components/use-url-list-state';
import { DASHBOARD_DAYS, type DashboardParams } from '@/features/dashboard/use-dashboard';
import { SiteAnalyticsView } from './site-analytics-view';

/** The period in the address (?days= or ?from=&to=), if it is one the API takes. */
function periodFrom(search: URLSearchParams): DashboardParams {
  const parsed = dashboardQuerySchema.safeParse({
    days: search.get('days') ?? undefined,
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
  });
  if (!parsed.success) return { days: DASHBOARD_DAYS };
  const period = parsed.data;
  if (period.kind === 'range') return { from: period.from, to: period.to };
  return (DASHBOARD_PERIOD_PRESETS as readonly number[]).includes(period.days)
    ? { days: period.days }
    : { days: DASHBOARD_DAYS };
}

/**
 * The Analytics section (/admin/analytics): the site's traffic for a period (issue
 * 12). The period lives in the address, so a reload or a shared link shows the
 * same; the beta survey has its own section (/admin/survey).
 */
export function AnalyticsTab() {
  // Each new period is a step in the history: back returns to the previous one.
  const [search, update] = useUrlParams();
  const params = periodFrom(search);

  return (
    <SiteAnalyticsView
      params={params}
      onParamsChange={(next) =>
        update(
          'days' in next
            ? { days: String(next.days), from: undefined, to: undefined }
            : { days: undefined, from: next.from, to: next.to },
        )
      }
    />
  );
}
