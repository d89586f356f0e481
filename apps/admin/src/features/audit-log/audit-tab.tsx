import type { AuditLogPage } from '@repo/api-client';
import { Card, CardContent } from '@repo/ui';
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, type AuditActorKind } from '@repo/validation';
import { useMemo } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { PagedDataTable } from '@/components/paged-data-table';
import { SectionHeader } from '@/components/section-header';
import { usePagedList } from '@/components/use-paged-list';
import { useServerPagedTable } from '@/components/use-server-paged-table';
import { useUrlFilter } from '@/components/use-url-list-state';
import { QUERY_PATHS } from '@/lib/query-paths';
import { ACTOR_KIND_LABELS, auditColumns } from './audit-columns';

const ALL = 'all';
/** Every action the API records: the list it records from (packages/validation), never a copy. */
const ACTION_FILTERS = [
  { value: ALL, label: 'All actions' },
  ...AUDIT_ACTIONS.map((value) => ({ value, label: value })),
];
const ACTOR_FILTERS: { value: typeof ALL | AuditActorKind; label: string }[] = [
  { value: ALL, label: 'Anyone' },
  ...AUDIT_ACTOR_KINDS.map((value) => ({ value, label: ACTOR_KIND_LABELS[value] })),
];

/** The log's entries as the rows of a page. */
const asRows = ({ entries, total }: AuditLogPage) => ({ items: entries, total });

/** Who did what, when and from where: newest first, paged by the server (issue 8). */
export function AuditTab() {
  const [action, setAction] = useUrlFilter<string>('action', ACTION_FILTERS, ALL);
  const [actorKind, setActorKind] = useUrlFilter('actor', ACTOR_FILTERS, ALL);
  const { query, paging } = usePagedList(
    QUERY_PATHS.auditLog,
    {
      action: action === ALL ? undefined : action,
      actorKind: actorKind === ALL ? undefined : actorKind,
    },
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
        <div className="flex flex-wrap gap-4">
          <FilterSelect
            id="audit-action"
            label="Action"
            value={action}
            options={ACTION_FILTERS}
            onChange={setAction}
            className="w-56"
          />
          <FilterSelect
            id="audit-actor"
            label="Who"
            value={actorKind}
            options={ACTOR_FILTERS}
            onChange={setActorKind}
          />
        </div>
        <PagedDataTable
          table={table}
          query={query}
          caption="Audit log"
          emptyMessage={
            action === ALL && actorKind === ALL
              ? 'No admin actions yet.'
              : 'No entries match these filters.'
          }
        />
      </CardContent>
    </Card>
  );
}
