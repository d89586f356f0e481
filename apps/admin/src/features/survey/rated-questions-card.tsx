import type { SurveyInsight } from '@repo/api-client';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@repo/ui';
import {
  EASE_SCALE,
  RECOMMENDATION_SCALE,
  SATISFACTION_SCALE,
  USEFULNESS_SCALE,
} from '@repo/validation';
import { humanize } from '@/features/analytics/chart-card';
import { formatCount } from '@/lib/format';

/** The answer scales of spec section 3, each a table of its questions. */
const SCALES = [
  { title: 'Ease', options: EASE_SCALE },
  { title: 'Usefulness', options: USEFULNESS_SCALE },
  { title: 'Satisfaction', options: SATISFACTION_SCALE },
  { title: 'Recommendation', options: RECOMMENDATION_SCALE },
] as const;

/** From dark (the best answer) to light; the last option (did not / not sure) is grey. */
const SHADES = ['bg-primary/20', 'bg-primary/40', 'bg-primary/60', 'bg-primary/80', 'bg-primary'];

function sameOptions(distribution: Record<string, number>, options: readonly string[]): boolean {
  const keys = Object.keys(distribution);
  return keys.length === options.length && options.every((option) => option in distribution);
}

function AnswerBar({
  distribution,
  options,
}: {
  distribution: Record<string, number>;
  options: readonly string[];
}) {
  const total = options.reduce((sum, option) => sum + (distribution[option] ?? 0), 0);
  if (total === 0) return <div className="h-2 rounded-full bg-muted" aria-hidden="true" />;
  return (
    <div className="flex h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
      {options.map((option, index) => (
        <div
          key={option}
          className={index === options.length - 1 ? 'bg-muted-foreground/30' : SHADES[index]}
          style={{ width: `${((distribution[option] ?? 0) / total) * 100}%` }}
        />
      ))}
    </div>
  );
}

/** Every rated question's answers, counted, one table per answer scale (issue 12). */
export function RatedQuestionsCard({
  distributions,
  responses,
}: {
  distributions: SurveyInsight['distributions'];
  responses: number;
}) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <h3 className="font-semibold">Rated questions</h3>
        <CardDescription>
          Answers of the {formatCount(responses)} submitted responses, per question.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {SCALES.map(({ title, options }) => {
          const fields = Object.entries(distributions).filter(([, distribution]) =>
            sameOptions(distribution, options),
          );
          if (fields.length === 0) return null;
          return (
            <Table key={title} regionLabel={`${title} answers`}>
              <TableCaption className="mt-0 caption-top pb-2 text-left font-medium text-foreground">
                {title}
              </TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>Question</TableHead>
                  {options.map((option) => (
                    <TableHead key={option} className="whitespace-nowrap text-right">
                      {humanize(option)}
                    </TableHead>
                  ))}
                  <TableHead className="w-40">
                    <span className="sr-only">Spread of answers</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {fields.map(([field, distribution]) => (
                  <TableRow key={field}>
                    <TableCell className="whitespace-nowrap">{humanize(field)}</TableCell>
                    {options.map((option) => (
                      <TableCell key={option} className="text-right tabular-nums">
                        {formatCount(distribution[option] ?? 0)}
                      </TableCell>
                    ))}
                    <TableCell>
                      <AnswerBar distribution={distribution} options={options} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          );
        })}
      </CardContent>
    </Card>
  );
}
