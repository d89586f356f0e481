import { apiRoutes, type ContactMessage } from '@repo/api-client';
import { Card, CardContent } from '@repo/ui';
import { useCallback, useMemo, useState } from 'react';
import { ColumnVisibilityMenu } from '@/components/column-visibility-menu';
import { DeleteEntryDialog, type DeletionTarget } from '@/components/delete-entry-dialog';
import { ExportButton } from '@/components/export-button';
import { FilterSelect } from '@/components/filter-select';
import { PagedDataTable } from '@/components/paged-data-table';
import { SectionHeader } from '@/components/section-header';
import { usePagedList } from '@/components/use-paged-list';
import { useServerPagedTable } from '@/components/use-server-paged-table';
import { useUrlFilter } from '@/components/use-url-list-state';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { api } from '@/lib/api';
import { QUERY_PATHS } from '@/lib/query-paths';
import { Can, useCan } from '@/lib/permissions';
import { contactsColumns } from './contacts-columns';
import { ContactMessageDialog } from './contact-message-dialog';
import { useContactStatus } from './use-contact-status';

const STATUS_FILTERS = [
  { value: 'all', label: 'All messages' },
  { value: 'new', label: 'New' },
  { value: 'read', label: 'Read' },
  { value: 'replied', label: 'Replied' },
] as const;

export function ContactsTab() {
  const [status, setStatus] = useUrlFilter('status', STATUS_FILTERS, 'all');
  const [viewing, setViewing] = useState<ContactMessage | null>(null);
  const [deleting, setDeleting] = useState<DeletionTarget | null>(null);
  const statusChange = useContactStatus();
  const { mutate: changeStatus } = statusChange;

  const { query, paging } = usePagedList(
    QUERY_PATHS.contacts,
    { status: status === 'all' ? undefined : status },
    { pageSize: 20 },
  );

  // Issue 19: marking read or replied needs contacts:reply; a role without it only reads.
  const canReply = useCan('contacts:reply');
  const openMessage = useCallback(
    (message: ContactMessage) => {
      setViewing(message);
      // Spec section 4: opening a new message marks it read.
      if (message.status !== 'new' || !canReply) return;
      changeStatus(
        { id: message.id, status: 'read' },
        {
          onSuccess: () =>
            setViewing((current) =>
              current?.id === message.id ? { ...current, status: 'read' } : current,
            ),
          onError: (error) => notifyFailure(TOAST.updateFailed, error),
        },
      );
    },
    [changeStatus, canReply],
  );

  const markReplied = (message: ContactMessage) => {
    changeStatus(
      { id: message.id, status: 'replied' },
      {
        onSuccess: () => {
          notifySuccess(
            TOAST.statusUpdated,
            `The message from ${message.name} is marked as replied.`,
          );
          setViewing((current) =>
            current?.id === message.id ? { ...current, status: 'replied' } : current,
          );
        },
        onError: (error) => notifyFailure(TOAST.updateFailed, error),
      },
    );
  };

  const columns = useMemo(
    () =>
      contactsColumns(openMessage, (message: ContactMessage) =>
        setDeleting({
          remove: () => api.admin.contacts.remove(message.id),
          label: `the message from ${message.name}`,
        }),
      ),
    [openMessage],
  );
  const table = useServerPagedTable({ ...paging, columns, enableSorting: false });

  return (
    <Card>
      <SectionHeader
        title="Contacts"
        description="Messages sent through the contact form. Opening a new message marks it read."
        actions={
          <Can permission="contacts:export">
            <ExportButton path={apiRoutes.admin.contacts.export} filename="contacts-export.csv" />
          </Can>
        }
      />
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <FilterSelect
            id="contacts-status"
            label="Status"
            value={status}
            options={STATUS_FILTERS}
            onChange={setStatus}
          />
          <ColumnVisibilityMenu table={table} />
        </div>
        <PagedDataTable
          table={table}
          query={query}
          caption="Contact messages"
          emptyMessage={status === 'all' ? 'No messages yet.' : 'No messages with this status.'}
        />
      </CardContent>
      <ContactMessageDialog
        message={viewing}
        onClose={() => setViewing(null)}
        onMarkReplied={markReplied}
        isUpdating={statusChange.isPending}
      />
      <DeleteEntryDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        invalidates={[QUERY_PATHS.contacts, QUERY_PATHS.outbox]}
      />
    </Card>
  );
}
