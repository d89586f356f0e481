import { Tabs, TabsContent, TabsList, TabsTrigger } from '@repo/ui';
import { DASHBOARD_PERIOD_PRESETS, dashboardQuerySchema } from '@repo/validation';
import { useSearchParams } from 'react-router-dom';
import { DASHBOARD_DAYS, type DashboardParams } from '@/features/dashboard/use-dashboard';
import { SurveyInsightView } from '@/features/survey/survey-insight-view';
import { usePermissions } from '@/lib/permissions';
import { SiteAnalyticsView } from './site-analytics-view';

/** Each view only for a role that may read it (issue 19). */
const VIEWS = [
  { value: 'site', label: 'Site', permission: 'analytics:read' },
  { value: 'survey', label: 'Beta survey', permission: 'feedback:read' },
] as const;
type View = (typeof VIEWS)[number]['value'];

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
 * The Analytics tab: the site's traffic for a period, and the beta survey's
 * completion and results (issue 12). View and period live in the address, so a
 * reload or a shared link shows the same.
 */
export function AnalyticsTab() {
  const [search, setSearch] = useSearchParams();
  const permissions = usePermissions();
  const views = VIEWS.filter((item) => permissions.includes(item.permission));
  const requested: View = search.get('view') === 'survey' ? 'survey' : 'site';
  const view: View = views.some((item) => item.value === requested)
    ? requested
    : (views[0]?.value ?? 'site');
  const params = periodFrom(search);

  const update = (changes: Record<string, string | undefined>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs
      value={view}
      onValueChange={(value) => update({ view: value === 'site' ? undefined : value })}
    >
      <TabsList aria-label="Analytics views">
        {views.map(({ value, label }) => (
          <TabsTrigger key={value} value={value} className="px-4">
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {views.some((item) => item.value === 'site') ? (
        <TabsContent value="site">
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
        </TabsContent>
      ) : null}
      {views.some((item) => item.value === 'survey') ? (
        <TabsContent value="survey">
          <SurveyInsightView />
        </TabsContent>
      ) : null}
    </Tabs>
  );
}
