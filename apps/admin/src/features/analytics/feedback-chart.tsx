import type { AnalyticsDashboard } from '@repo/api-client';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@repo/ui';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, humanize } from './chart-card';

/** One survey field's answer distribution at a time, picked from a list. */
export function FeedbackChart({ feedback }: { feedback: AnalyticsDashboard['feedback'] }) {
  const fields = Object.keys(feedback.distributions);
  const [field, setField] = useState(fields[0] ?? '');
  const current = fields.includes(field) ? field : (fields[0] ?? '');
  const data = Object.entries(feedback.distributions[current] ?? {}).map(([answer, count]) => ({
    answer: humanize(answer),
    count,
  }));
  const score = feedback.recommendationScore;

  return (
    <Card className="lg:col-span-2">
      <CardHeader className="gap-3 pb-2 sm:flex-row sm:items-end sm:justify-between sm:space-y-0">
        <div className="space-y-1">
          <h3 className="font-semibold">Beta feedback</h3>
          <CardDescription>
            {feedback.responses.toLocaleString('en-US')} responses
            {score === null
              ? ''
              : ` · recommendation score ${score > 0 ? '+' : ''}${Math.round(score)}`}
          </CardDescription>
        </div>
        {fields.length > 0 ? (
          <div className="grid gap-2 sm:w-72">
            <Label htmlFor="feedback-field">Question</Label>
            <Select value={current} onValueChange={setField}>
              <SelectTrigger id="feedback-field">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {fields.map((name) => (
                  <SelectItem key={name} value={name}>
                    {humanize(name)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {feedback.responses === 0 || data.length === 0 ? (
          <p className="flex h-48 items-center justify-center text-sm text-muted-foreground">
            No feedback responses yet.
          </p>
        ) : (
          <figure className="h-64 w-full" aria-label={`Answers to ${humanize(current)}`}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
                <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
                <XAxis
                  dataKey="answer"
                  stroke={CHART_COLORS.axis}
                  fontSize={12}
                  tickLine={false}
                  interval={0}
                />
                <YAxis
                  stroke={CHART_COLORS.axis}
                  fontSize={12}
                  tickLine={false}
                  allowDecimals={false}
                />
                <Tooltip />
                <Bar
                  isAnimationActive={false}
                  dataKey="count"
                  name="Answers"
                  fill={CHART_COLORS.accent}
                  radius={[4, 4, 0, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
