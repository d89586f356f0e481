import type { AuditLogPage } from '@repo/api-client';
import { Card, CardContent } from '@repo/ui';
import { useMemo, useState } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { PagedDataTable } from '@/components/paged-data-table';
import { SectionHeader } from '@/components/section-header';
import { usePagedList } from '@/components/use-paged-list';
import { useServerPagedTable } from '@/components/use-server-paged-table';
import { QUERY_PATHS } from '@/lib/query-paths';
import { AUDIT_ACTIONS } from './audit-actions';
import { auditColumns } from './audit-columns';

const ALL = 'all';
const ACTION_FILTERS = [
  { value: ALL, label: 'All actions' },
  ...AUDIT_ACTIONS.map((value) => ({ value, label: value })),
];

/** The log's entries as the rows of a page. */
const asRows = ({ entries, total }: AuditLogPage) => ({ items: entries, total });

/** Who did what, when and from where: newest first, paged by the server (issue 8). */
export function AuditTab() {
  const [action, setAction] = useState<string>(ALL);
  const { query, paging } = usePagedList(
    QUERY_PATHS.auditLog,
    { action: action === ALL ? undefined : action },
    {
      pageSize: 20,
      select: asRows,
      // Every admin action adds an entry: show the newest when the tab opens.
      refetchOnMount: 'always',
    },
  );

  const columns = useMemo(() => auditColumns(), []);
  const table = useServerPagedTable({ ...paging, columns, enableSorting: false });

  return (
    <Card>
      <SectionHeader
        title="Audit log"
        description="Admin actions: who, what, when and from where. It names records by id and never holds the personal data they contained."
      />
      <CardContent className="grid grid-cols-1 gap-4">
        <FilterSelect
          id="audit-action"
          label="Action"
          value={action}
          options={ACTION_FILTERS}
          onChange={setAction}
          className="w-56"
        />
        <PagedDataTable
          table={table}
          query={query}
          caption="Audit log"
          emptyMessage={action === ALL ? 'No admin actions yet.' : 'No entries for this action.'}
        />
      </CardContent>
    </Card>
  );
}
