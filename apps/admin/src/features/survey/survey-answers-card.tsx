import type { SurveyTextAnswerPage } from '@repo/api-client';
import { Card, CardContent, CardDescription, CardHeader } from '@repo/ui';
import { SURVEY_FREE_TEXT_FIELDS, type SurveyFreeTextField } from '@repo/validation';
import { useMemo } from 'react';
import { type FilterOption, FilterSelect } from '@/components/filter-select';
import { PagedDataTable } from '@/components/paged-data-table';
import { SearchField } from '@/components/search-field';
import { usePagedList } from '@/components/use-paged-list';
import { useServerPagedTable } from '@/components/use-server-paged-table';
import { useUrlFilter, useUrlSearch } from '@/components/use-url-list-state';
import { humanize } from '@/features/analytics/chart-card';
import { QUERY_PATHS } from '@/lib/query-paths';
import { type SurveyAnswerRow, surveyAnswerColumns } from './survey-answer-columns';

const ALL = 'all';
const FIELD_FILTERS: FilterOption<typeof ALL | SurveyFreeTextField>[] = [
  { value: ALL, label: 'All questions' },
  ...SURVEY_FREE_TEXT_FIELDS.map((name) => ({ value: name, label: humanize(name) })),
];

/** One response gives several answers: the response and the question name a row. */
const withRowIds = (page: SurveyTextAnswerPage) => ({
  ...page,
  items: page.items.map((item): SurveyAnswerRow => ({
    ...item,
    id: `${item.responseId}:${item.field}`,
  })),
});

/** The free-text answers of submitted responses, newest first, searchable (issue 12). */
export function SurveyAnswersCard() {
  const { text, onTextChange, search } = useUrlSearch();
  const [field, setField] = useUrlFilter('field', FIELD_FILTERS, ALL);
  const { query, paging } = usePagedList(
    QUERY_PATHS.surveyAnswers,
    { search, field: field === ALL ? undefined : field },
    { pageSize: 10, select: withRowIds, refetchOnMount: 'always' },
  );

  const columns = useMemo(() => surveyAnswerColumns(), []);
  const table = useServerPagedTable({ ...paging, columns, enableSorting: false });

  return (
    <Card>
      <CardHeader className="pb-2">
        <h3 className="font-semibold">Written answers</h3>
        <CardDescription>What testers wrote in their own words, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <SearchField
            id="survey-answers-search"
            label="Search answers"
            placeholder="e.g. export"
            value={text}
            onChange={onTextChange}
            className="w-64"
          />
          <FilterSelect
            id="survey-answers-field"
            label="Question"
            value={field}
            options={FIELD_FILTERS}
            onChange={setField}
            className="w-64"
          />
        </div>
        <PagedDataTable
          table={table}
          query={query}
          caption="Written answers"
          emptyMessage={search ? `No answers contain “${search}”.` : 'No written answers yet.'}
        />
      </CardContent>
    </Card>
  );
}
