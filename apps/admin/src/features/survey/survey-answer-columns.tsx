import type { SurveyTextAnswer } from '@repo/api-client';
import type { ColumnDef } from '@tanstack/react-table';
import { humanize } from '@/features/analytics/chart-card';
import { formatDate } from '@/lib/format';

/** A free-text answer with an id for the table (one response gives several). */
export type SurveyAnswerRow = SurveyTextAnswer & { id: string };

export function surveyAnswerColumns(): ColumnDef<SurveyAnswerRow>[] {
  return [
    {
      id: 'createdAt',
      header: 'Date',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatDate(row.original.createdAt)}</span>
      ),
    },
    {
      id: 'field',
      header: 'Question',
      cell: ({ row }) => <span className="whitespace-nowrap">{humanize(row.original.field)}</span>,
    },
    {
      id: 'answer',
      header: 'Answer',
      // Long answers wrap; nothing is cut off.
      cell: ({ row }) => (
        <p className="min-w-[16rem] max-w-prose whitespace-pre-wrap break-words">
          {row.original.answer}
        </p>
      ),
    },
    {
      id: 'from',
      header: 'From',
      cell: ({ row }) => (
        <div className="whitespace-nowrap">
          <p>
            {row.original.firstName} {row.original.lastName}
          </p>
          <p className="text-xs text-muted-foreground">{row.original.email}</p>
        </div>
      ),
    },
  ];
}
