import type { AuditLogEntry } from '@repo/api-client';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime } from '@/lib/format';

/** `{ count: 3, ids: ['a', 'b'] }` -> 'count=3 ids=a,b': compact, one line. */
export function formatDetails(details: Record<string, unknown>): string {
  return Object.entries(details ?? {})
    .map(([key, value]) => {
      const text =
        Array.isArray(value) || typeof value !== 'object' || value === null
          ? String(value)
          : JSON.stringify(value);
      return `${key}=${text}`;
    })
    .join(' ');
}

function target(entry: AuditLogEntry): string {
  if (!entry.targetType && !entry.targetId) return '—';
  return [entry.targetType, entry.targetId].filter(Boolean).join(' ');
}

export function auditColumns(): ColumnDef<AuditLogEntry>[] {
  return [
    {
      id: 'createdAt',
      accessorKey: 'createdAt',
      header: 'When',
      cell: ({ row }) => formatDateTime(row.original.createdAt),
    },
    { id: 'actorLabel', accessorKey: 'actorLabel', header: 'Who' },
    {
      id: 'action',
      accessorKey: 'action',
      header: 'Action',
      cell: ({ row }) => (
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
          {row.original.action}
        </code>
      ),
    },
    {
      id: 'target',
      header: 'Target',
      cell: ({ row }) => (
        <span
          className="block max-w-[16rem] truncate font-mono text-xs"
          title={target(row.original)}
        >
          {target(row.original)}
        </span>
      ),
    },
    {
      id: 'ip',
      accessorKey: 'ip',
      header: 'From',
      cell: ({ row }) => row.original.ip ?? '—',
    },
    {
      id: 'details',
      header: 'Details',
      cell: ({ row }) => {
        const text = formatDetails(row.original.details);
        return (
          <span className="block max-w-[20rem] truncate font-mono text-xs" title={text}>
            {text || '—'}
          </span>
        );
      },
    },
  ];
}
