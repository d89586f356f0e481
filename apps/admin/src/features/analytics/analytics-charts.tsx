import type { AnalyticsDashboard } from '@repo/api-client';
import { format, parseISO } from 'date-fns';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_COLORS, ChartCard, humanize } from './chart-card';

const axisProps = { stroke: CHART_COLORS.axis, fontSize: 12, tickLine: false } as const;

export function PageViewsChart({ data }: { data: AnalyticsDashboard['pageViewsPerDay'] }) {
  const total = data.reduce((sum, day) => sum + day.views, 0);
  return (
    <ChartCard
      title="Page views per day"
      description={`${total.toLocaleString('en-US')} views in the period`}
      isEmpty={data.length === 0}
      emptyMessage="No page views recorded in this period."
      className="lg:col-span-2"
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis
            dataKey="date"
            {...axisProps}
            tickFormatter={(value: string) => format(parseISO(value), 'MMM d')}
            minTickGap={24}
          />
          <YAxis {...axisProps} allowDecimals={false} />
          <Tooltip labelFormatter={(value) => format(parseISO(String(value)), 'MMM dd, yyyy')} />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey="views"
            name="Views"
            stroke={CHART_COLORS.primary}
            strokeWidth={2}
            dot={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** A horizontal bar chart of labelled counts (top pages, referrers). */
export function RankingChart({
  title,
  data,
  emptyMessage,
  color = CHART_COLORS.primary,
}: {
  title: string;
  data: { label: string; value: number }[];
  emptyMessage: string;
  color?: string;
}) {
  return (
    <ChartCard title={title} isEmpty={data.length === 0} emptyMessage={emptyMessage}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
          <XAxis type="number" {...axisProps} allowDecimals={false} />
          <YAxis type="category" dataKey="label" {...axisProps} width={120} />
          <Tooltip />
          <Bar
            isAnimationActive={false}
            dataKey="value"
            name="Count"
            fill={color}
            radius={[0, 4, 4, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function FunnelChart({ data }: { data: AnalyticsDashboard['waitlistFunnel'] }) {
  const rows = [...data]
    .sort((a, b) => a.stepNumber - b.stepNumber)
    .map((step) => ({
      label: `${step.stepNumber}. ${humanize(step.stepName)}`,
      sessions: step.sessions,
    }));
  const hasData = rows.some((row) => row.sessions > 0);
  return (
    <ChartCard
      title="Waitlist funnel"
      description="Sessions that completed each of the 7 steps"
      isEmpty={!hasData}
      emptyMessage="No one has started the waitlist form in this period."
      className="lg:col-span-2"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" {...axisProps} interval={0} tick={{ fontSize: 10 }} />
          <YAxis {...axisProps} allowDecimals={false} />
          <Tooltip />
          <Bar
            isAnimationActive={false}
            dataKey="sessions"
            name="Sessions"
            fill={CHART_COLORS.primary}
            radius={[4, 4, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
