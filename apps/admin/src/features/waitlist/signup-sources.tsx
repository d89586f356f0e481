import { Card, CardContent, Skeleton } from '@repo/ui';
import { format, parseISO } from 'date-fns';
import { SectionHeader } from '@/components/section-header';
import { errorMessage } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';

const WEEKS = 8;
const TOP = 8;

/**
 * Signups per source and week: the landing URL's utm_source, else the site that
 * referred the visit, else 'direct' (first touch, kept by the tracker).
 */
export function SignupSourcesCard() {
  const query = useApiQuery(QUERY_PATHS.signupSources, { weeks: WEEKS });
  const data = query.data;
  const rows = data?.sources.slice(0, TOP) ?? [];
  return (
    <Card>
      <SectionHeader
        title="Signups by source"
        description={`Where the last ${WEEKS} weeks of signups came from: utm_source, else the referring site, else direct.`}
      />
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-32" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(query.error)}
          </p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No signups in this period.</p>
        ) : (
          // relative: the cells' visually hidden text is positioned absolutely; without a
          // positioned scroller it escapes the scroll box and widens the page on a phone.
          <div
            className="relative overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label="Signups by source"
          >
            <table className="w-full text-sm">
              <caption className="sr-only">Signups per source and week</caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Source
                  </th>
                  {data!.weeks.map((week) => (
                    <th key={week} scope="col" className="px-2 py-2 text-right font-medium">
                      <span className="sr-only">Week of </span>
                      {format(parseISO(week), 'MMM dd')}
                    </th>
                  ))}
                  <th scope="col" className="py-2 pl-2 text-right font-medium">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.source} className="border-b last:border-0">
                    <th scope="row" className="py-2 pr-4 text-left font-medium break-all">
                      {row.source}
                    </th>
                    {row.counts.map((count, index) => (
                      <td key={data!.weeks[index]} className="px-2 py-2 text-right tabular-nums">
                        {count}
                      </td>
                    ))}
                    <td className="py-2 pl-2 text-right font-semibold tabular-nums">{row.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
