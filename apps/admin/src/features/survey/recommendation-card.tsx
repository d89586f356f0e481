import type { SurveyInsight } from '@repo/api-client';
import { Card, CardContent, CardDescription, CardHeader } from '@repo/ui';
import { RECOMMENDATION_SCALE } from '@repo/validation';
import { humanize } from '@/features/analytics/chart-card';
import { formatCount } from '@/lib/format';

/** '+25', '0', '−40'; '–' while nobody gave an opinion. */
export function formatScore(score: number | null): string {
  if (score === null) return '–';
  if (score > 0) return `+${score}`;
  return score < 0 ? `−${Math.abs(score)}` : '0';
}

/**
 * Issue 12: the share of 'very likely' minus the share of 'not at all likely'
 * and 'unlikely', over the answers that gave an opinion; the counts beside it.
 */
export function RecommendationCard({
  recommendation,
}: {
  recommendation: SurveyInsight['recommendation'];
}) {
  const { score, opinions, counts } = recommendation;
  return (
    <Card>
      <CardHeader className="pb-2">
        <h3 className="font-semibold">Recommendation score</h3>
        <CardDescription>
          Share of “very likely” minus share of “unlikely” and “not at all likely”, over the{' '}
          {formatCount(opinions)} answers with an opinion (“not sure” is left out).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
        <p className="text-5xl font-bold tabular-nums">
          <span className="sr-only">Score </span>
          {formatScore(score)}
        </p>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          {RECOMMENDATION_SCALE.map((answer) => (
            <div key={answer} className="flex justify-between gap-2">
              <dt className="text-muted-foreground">{humanize(answer)}</dt>
              <dd className="font-medium tabular-nums">{formatCount(counts[answer] ?? 0)}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
