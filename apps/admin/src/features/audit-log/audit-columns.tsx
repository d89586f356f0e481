import type { AuditLogEntry } from '@repo/api-client';
import { Badge } from '@repo/ui';
import type { AuditActorKind } from '@repo/validation';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime } from '@/lib/format';
import { auditSentence } from './audit-sentence';

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
 * What happened, as a sentence with its names looked up now ("Ada approved
 * Grace Hopper for the beta"), after the kind of actor from the API's own record
 * of it: a staff member named "API key 3f9c…" still shows the Staff badge. The
 * action's code, the filter's value, stays beneath.
 */
function WhatHappened({ entry }: { entry: AuditLogEntry }) {
  return (
    <span className="grid min-w-[16rem] gap-1">
      <span className="flex items-start gap-2">
        <Badge
          variant={ACTOR_KIND_VARIANTS[entry.actor.kind]}
          className="mt-0.5 shrink-0 whitespace-nowrap"
        >
          {ACTOR_KIND_LABELS[entry.actor.kind]}
        </Badge>
        <span className="break-words">
          {auditSentence(entry).map((part, index) =>
            part.name ? (
              <strong key={index} className="font-medium">
                {part.text}
              </strong>
            ) : (
              part.text
            ),
          )}
        </span>
      </span>
      <code className="w-fit rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground">
        {entry.action}
      </code>
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
      id: 'action',
      accessorKey: 'action',
      header: 'What happened',
      cell: ({ row }) => <WhatHappened entry={row.original} />,
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
          <span className="block max-w-[16rem] truncate font-mono text-xs" title={text}>
            {text || '—'}
          </span>
        );
      },
    },
  ];
}
