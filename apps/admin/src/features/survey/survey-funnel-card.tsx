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
import { SURVEY_RESUME_DAYS } from '@repo/validation';
import { formatCount } from '@/lib/format';

function share(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`;
}

/** How many opened the survey, reached each step, stopped there, and finished (issue 12). */
export function SurveyFunnelCard({ funnel }: { funnel: SurveyInsight['funnel'] }) {
  const { started, completed, resumable, steps } = funnel;
  return (
    <Card>
      <CardHeader className="pb-2">
        <h3 className="font-semibold">Completion and drop-off</h3>
        <CardDescription>
          Surveys opened on the site, saved step by step. An unfinished survey can be resumed for{' '}
          {SURVEY_RESUME_DAYS} days after its last step.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ['Started', formatCount(started)],
            ['Completed', formatCount(completed)],
            ['Completion rate', share(completed, started)],
            ['Still resumable', formatCount(resumable)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-md border p-3">
              <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <Table regionLabel="Drop-off per step">
          <TableCaption className="sr-only">Surveys that reached each step</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Step</TableHead>
              <TableHead className="text-right">Reached</TableHead>
              <TableHead className="w-1/3">
                <span className="sr-only">Share of started</span>
              </TableHead>
              <TableHead className="text-right">Stopped here</TableHead>
              <TableHead className="text-right">Of which resumable</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {steps.map((step) => (
              <TableRow key={step.step}>
                <TableCell className="whitespace-nowrap">
                  {step.step}. {step.title}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCount(step.reached)}
                </TableCell>
                <TableCell>
                  <div className="flex items-center gap-2">
                    <div className="h-2 flex-1 rounded-full bg-muted" aria-hidden="true">
                      <div
                        className="h-2 rounded-full bg-primary"
                        style={{ width: started === 0 ? 0 : `${(step.reached / started) * 100}%` }}
                      />
                    </div>
                    <span className="w-10 text-right text-xs tabular-nums text-muted-foreground">
                      {share(step.reached, started)}
                    </span>
                  </div>
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCount(step.stoppedHere)}
                </TableCell>
                <TableCell className="text-right tabular-nums text-muted-foreground">
                  {formatCount(step.resumableHere)}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell className="font-medium">Submitted</TableCell>
              <TableCell className="text-right font-medium tabular-nums">
                {formatCount(completed)}
              </TableCell>
              <TableCell>
                <span className="text-xs text-muted-foreground">{share(completed, started)}</span>
              </TableCell>
              <TableCell />
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
