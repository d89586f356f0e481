import type { AuditLogEntry } from '@repo/api-client';
import { Badge } from '@repo/ui';
import type { AuditActorKind } from '@repo/validation';
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

/** What kind of actor an entry names, as its badge says it (issue 19). */
export const ACTOR_KIND_LABELS: Record<AuditActorKind, string> = {
  staff: 'Staff',
  api_key: 'API key',
  system: 'System',
  public: 'Public link',
};

const ACTOR_KIND_VARIANTS = {
  staff: 'secondary',
  api_key: 'default',
  system: 'outline',
  public: 'outline',
} as const satisfies Record<AuditActorKind, 'default' | 'secondary' | 'outline'>;

/**
 * Who acted: the kind, from the API's own record of it, then the label. A staff
 * member named "API key 3f9c…" still shows the Staff badge: the label alone
 * never says what acted.
 */
function Actor({ actor }: { actor: AuditLogEntry['actor'] }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Badge variant={ACTOR_KIND_VARIANTS[actor.kind]} className="shrink-0 whitespace-nowrap">
        {ACTOR_KIND_LABELS[actor.kind]}
      </Badge>
      <span className="block max-w-[12rem] truncate" title={actor.label}>
        {actor.label}
      </span>
    </span>
  );
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
    {
      id: 'actor',
      header: 'Who',
      cell: ({ row }) => <Actor actor={row.original.actor} />,
    },
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
