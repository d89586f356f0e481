import type { AuditLogEntry, AuditLogPage, Page } from '@repo/api-client';
import {
  Card,
  CardContent,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@repo/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PaginationState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { SectionHeader } from '@/components/section-header';
import { TablePagination } from '@/components/table-pagination';
import { useServerPagedTable } from '@/components/use-server-paged-table';
import { QUERY_PATHS } from '@/lib/query-paths';
import { AUDIT_ACTIONS } from './audit-actions';
import { auditColumns } from './audit-columns';

const ALL = 'all';

/** Who did what, when and from where: newest first, paged by the server (issue 8). */
export function AuditTab() {
  const [action, setAction] = useState<string>(ALL);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 20 });

  const query = useQuery<AuditLogPage>({
    queryKey: [
      QUERY_PATHS.auditLog,
      {
        page: pagination.pageIndex + 1,
        pageSize: pagination.pageSize,
        action: action === ALL ? undefined : action,
      },
    ],
    placeholderData: keepPreviousData,
    // Every admin action adds an entry: show the newest when the tab opens.
    refetchOnMount: 'always',
  });

  const page: Page<AuditLogEntry> | undefined = query.data
    ? {
        items: query.data.entries,
        total: query.data.total,
        page: pagination.pageIndex + 1,
        pageSize: pagination.pageSize,
      }
    : undefined;

  const columns = useMemo(() => auditColumns(), []);
  const table = useServerPagedTable({
    page,
    columns,
    pagination,
    onPaginationChange: setPagination,
    enableSorting: false,
  });

  return (
    <Card>
      <SectionHeader
        title="Audit log"
        description="Admin actions: who, what, when and from where. It names records by id and never holds the personal data they contained."
      />
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="grid gap-2">
          <Label htmlFor="audit-action">Action</Label>
          <Select
            value={action}
            onValueChange={(value) => {
              setAction(value);
              setPagination((current) => ({ ...current, pageIndex: 0 }));
            }}
          >
            <SelectTrigger id="audit-action" className="w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All actions</SelectItem>
              {AUDIT_ACTIONS.map((value) => (
                <SelectItem key={value} value={value}>
                  {value}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <DataTable
          table={table}
          caption="Audit log"
          isLoading={query.isPending}
          isRefreshing={query.isPlaceholderData}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyMessage={action === ALL ? 'No admin actions yet.' : 'No entries for this action.'}
        />
        <TablePagination table={table} total={query.data?.total ?? 0} />
      </CardContent>
    </Card>
  );
}
