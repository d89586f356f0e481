import type { ContactMessage } from '@repo/api-client';
import { Button } from '@repo/ui';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate } from '@/lib/format';
import { ContactStatusBadge } from './contact-status-badge';
import { PersonHistoryLink } from '@/features/people/person-link';
import { Can } from '@/lib/permissions';
import { emailCell } from '@/components/email-text';

export function contactsColumns(
  onView: (message: ContactMessage) => void,
  onDelete: (message: ContactMessage) => void,
): ColumnDef<ContactMessage>[] {
  return [
    { id: 'name', accessorKey: 'name', header: 'Name' },
    {
      id: 'email',
      accessorKey: 'email',
      header: 'Email',
      cell: emailCell,
    },
    {
      id: 'subject',
      accessorKey: 'subject',
      header: 'Subject',
      cell: ({ row }) => (
        <span className="block max-w-[20rem] truncate" title={row.original.subject}>
          {row.original.subject}
        </span>
      ),
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: 'Status',
      cell: ({ row }) => <ContactStatusBadge status={row.original.status} />,
    },
    {
      id: 'createdAt',
      accessorKey: 'createdAt',
      header: 'Received',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatDate(row.original.createdAt)}</span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableHiding: false,
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => onView(row.original)}
            aria-label={`View message from ${row.original.name}`}
          >
            View
          </Button>
          <Can permission="people:read">
            <PersonHistoryLink email={row.original.email} name={row.original.name} />
          </Can>
          <Can permission="contacts:delete">
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive hover:text-destructive"
              onClick={() => onDelete(row.original)}
              aria-label={`Delete message from ${row.original.name}`}
            >
              Delete
            </Button>
          </Can>
        </div>
      ),
    },
  ];
}
