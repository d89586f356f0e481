import type { Page, SurveyTextAnswerPage } from '@repo/api-client';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@repo/ui';
import { SURVEY_FREE_TEXT_FIELDS } from '@repo/validation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PaginationState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { TablePagination } from '@/components/table-pagination';
import { useServerPagedTable } from '@/components/use-server-paged-table';
import { humanize } from '@/features/analytics/chart-card';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type SurveyAnswerRow, surveyAnswerColumns } from './survey-answer-columns';

const SEARCH_DELAY_MS = 300;
const ALL = 'all';

/** The free-text answers of submitted responses, newest first, searchable (issue 12). */
export function SurveyAnswersCard() {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [field, setField] = useState<string>(ALL);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });

  // A new search starts from page 1 (adjusting state while rendering, not in an effect).
  const [searchedFor, setSearchedFor] = useState(debouncedSearch);
  if (searchedFor !== debouncedSearch) {
    setSearchedFor(debouncedSearch);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  }

  const query = useQuery<SurveyTextAnswerPage>({
    queryKey: [
      QUERY_PATHS.surveyAnswers,
      {
        page: pagination.pageIndex + 1,
        pageSize: pagination.pageSize,
        search: debouncedSearch,
        field: field === ALL ? undefined : field,
      },
    ],
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

  const page: Page<SurveyAnswerRow> | undefined = query.data
    ? {
        ...query.data,
        items: query.data.items.map((item) => ({
          ...item,
          id: `${item.responseId}:${item.field}`,
        })),
      }
    : undefined;
  const columns = useMemo(() => surveyAnswerColumns(), []);
  const table = useServerPagedTable({
    page,
    columns,
    pagination,
    onPaginationChange: setPagination,
    enableSorting: false,
  });

  return (
    <Card>
      <CardHeader className="pb-2">
        <h3 className="font-semibold">Written answers</h3>
        <CardDescription>What testers wrote in their own words, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-2">
            <Label htmlFor="survey-answers-search">Search answers</Label>
            <Input
              id="survey-answers-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="e.g. export"
              className="w-64"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="survey-answers-field">Question</Label>
            <Select
              value={field}
              onValueChange={(value) => {
                setField(value);
                setPagination((current) => ({ ...current, pageIndex: 0 }));
              }}
            >
              <SelectTrigger id="survey-answers-field" className="w-64">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All questions</SelectItem>
                {SURVEY_FREE_TEXT_FIELDS.map((name) => (
                  <SelectItem key={name} value={name}>
                    {humanize(name)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        <DataTable
          table={table}
          caption="Written answers"
          isLoading={query.isPending}
          isRefreshing={query.isPlaceholderData}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyMessage={
            debouncedSearch ? `No answers contain “${debouncedSearch}”.` : 'No written answers yet.'
          }
        />
        <TablePagination table={table} total={query.data?.total ?? 0} />
      </CardContent>
    </Card>
  );
}
