import type { Suppression, SuppressionPage } from '@repo/api-client';
import {
  Badge,
  Button,
  Card,
  CardContent,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@repo/ui';
import { SUPPRESSION_IMPORT_MAX } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { type ChangeEvent, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { type FilterOption, FilterSelect } from '@/components/filter-select';
import { PagedDataTable } from '@/components/paged-data-table';
import { SearchField } from '@/components/search-field';
import { SectionHeader } from '@/components/section-header';
import { usePagedList } from '@/components/use-paged-list';
import { useUrlFilter, useUrlSearch } from '@/components/use-url-list-state';
import { useServerPagedTable } from '@/components/use-server-paged-table';
import { api } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { emailCell } from '@/components/email-text';

type Stream = Suppression['stream'];
/** One address is suppressed per stream: the pair names a row. */
type SuppressionRow = Suppression & { id: string };

const STREAM_LABELS: Record<Stream, string> = {
  outbound: 'Transactional',
  broadcast: 'Bulk',
};

const ORIGIN_LABELS: Record<Suppression['origin'], string> = {
  unsubscribe: 'Unsubscribed',
  hard_bounce: 'Hard bounce',
  spam_complaint: 'Spam complaint',
  manual: 'Added by staff',
  postmark: 'Suppressed in Postmark',
  import: 'Imported',
};

const STREAM_FILTERS: FilterOption<'all' | Stream>[] = [
  { value: 'all', label: 'All streams' },
  { value: 'outbound', label: STREAM_LABELS.outbound },
  { value: 'broadcast', label: STREAM_LABELS.broadcast },
];

/** The rows of a page, each named by its stream and address. */
const withRowIds = (page: SuppressionPage) => ({
  ...page,
  items: page.items.map((item): SuppressionRow => ({
    ...item,
    id: `${item.stream}:${item.email}`,
  })),
});

function suppressionColumns(onRemove: (row: Suppression) => void): ColumnDef<SuppressionRow>[] {
  return [
    { id: 'email', accessorKey: 'email', header: 'Address', cell: emailCell },
    {
      id: 'stream',
      accessorKey: 'stream',
      header: 'Stream',
      cell: ({ row }) => <Badge variant="secondary">{STREAM_LABELS[row.original.stream]}</Badge>,
    },
    {
      id: 'origin',
      accessorKey: 'origin',
      header: 'Reason',
      cell: ({ row }) => (
        <div className="grid max-w-[18rem] gap-0.5">
          <span>{ORIGIN_LABELS[row.original.origin] ?? row.original.origin}</span>
          {row.original.detail ? (
            <span
              className="block truncate text-xs text-muted-foreground"
              title={row.original.detail}
            >
              {row.original.detail}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'createdAt',
      accessorKey: 'createdAt',
      header: 'Since',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatDate(row.original.createdAt)}</span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableHiding: false,
      cell: ({ row }) => (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onRemove(row.original)}
          aria-label={`Remove ${row.original.email} from the ${STREAM_LABELS[row.original.stream].toLowerCase()} suppression list`}
        >
          Remove
        </Button>
      ),
    },
  ];
}

interface DumpEntry {
  EmailAddress: string;
  SuppressionReason?: string;
  Origin?: string;
  CreatedAt?: string;
}

/** FileReader rather than Blob.text(): the same in every browser and in the tests' DOM. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsText(file);
  });
}

/** Postmark's dump is `{ "Suppressions": [...] }`; a bare list is accepted too. */
function parseSuppressionDump(text: string): DumpEntry[] {
  const parsed: unknown = JSON.parse(text);
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object' && 'Suppressions' in parsed
      ? (parsed as { Suppressions: unknown }).Suppressions
      : null;
  if (!Array.isArray(list)) throw new Error('The file has no "Suppressions" list');
  return list.filter(
    (entry): entry is DumpEntry =>
      Boolean(entry) && typeof (entry as DumpEntry).EmailAddress === 'string',
  );
}

/**
 * Addresses that get no more mail on a stream: hard bounces and spam complaints
 * reported by Postmark, opt-outs, and imports of Postmark's own list.
 */
export function SuppressionsTable() {
  const queryClient = useQueryClient();
  const { text, onTextChange, search } = useUrlSearch();
  const [stream, setStream] = useUrlFilter('stream', STREAM_FILTERS, 'all');
  const [importStream, setImportStream] = useState<Stream>('outbound');
  const [removing, setRemoving] = useState<Suppression | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { query, paging } = usePagedList(
    QUERY_PATHS.suppressions,
    { search: search || undefined, stream: stream === 'all' ? undefined : stream },
    { pageSize: 10, select: withRowIds },
  );
  const columns = useMemo(() => suppressionColumns(setRemoving), []);
  const table = useServerPagedTable({ ...paging, columns, enableSorting: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.suppressions] });

  const remove = useMutation({
    mutationFn: (row: Suppression) => api.admin.email.removeSuppression(row),
    onSuccess: (_data, row) => {
      notifySuccess('Suppression removed', `${row.email} can receive this kind of email again.`);
      void refresh();
    },
    onError: (error) => notifyFailure('Could not remove the suppression', error),
  });

  const importDump = useMutation({
    mutationFn: async (entries: DumpEntry[]) => {
      let imported = 0;
      // The API takes a bounded chunk per request (its body limit): send the file in parts.
      for (let start = 0; start < entries.length; start += SUPPRESSION_IMPORT_MAX) {
        const chunk = entries.slice(start, start + SUPPRESSION_IMPORT_MAX);
        const result = await api.admin.email.importSuppressions({
          stream: importStream,
          suppressions: chunk,
        });
        imported += result.imported;
      }
      return { imported, total: entries.length };
    },
    onSuccess: ({ imported, total }) => {
      notifySuccess(
        'Suppressions imported',
        `${imported} added, ${total - imported} already on the list.`,
      );
      void refresh();
    },
    onError: (error) => notifyFailure('Import failed', error),
  });

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let entries: DumpEntry[];
    try {
      entries = parseSuppressionDump(await readText(file));
    } catch (error) {
      notifyFailure('Import failed', error instanceof Error ? error.message : String(error));
      return;
    }
    if (entries.length === 0) {
      notifyFailure('Import failed', 'The file lists no addresses.');
      return;
    }
    importDump.mutate(entries);
  }

  return (
    <Card>
      <SectionHeader
        title="Suppressions"
        description="Addresses that get no more email on a stream: hard bounces, spam complaints and opt-outs. Every send checks this list."
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor="suppression-import-stream" className="text-xs">
                Import into
              </Label>
              <Select
                value={importStream}
                onValueChange={(value) => setImportStream(value as Stream)}
              >
                <SelectTrigger id="suppression-import-stream" className="h-9 w-40">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="outbound">{STREAM_LABELS.outbound}</SelectItem>
                  <SelectItem value="broadcast">{STREAM_LABELS.broadcast}</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <Button
              variant="outline"
              size="sm"
              className="h-9"
              onClick={() => fileInput.current?.click()}
              disabled={importDump.isPending}
            >
              {importDump.isPending ? 'Importing...' : 'Import Postmark dump'}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              className="sr-only"
              tabIndex={-1}
              aria-label="Postmark suppression dump (JSON)"
              onChange={(event) => void onFile(event)}
            />
          </div>
        }
      />
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap gap-4">
          <SearchField
            id="suppression-search"
            label="Search addresses"
            value={text}
            onChange={onTextChange}
            className="w-full max-w-xs"
          />
          <FilterSelect
            id="suppression-stream"
            label="Stream"
            value={stream}
            options={STREAM_FILTERS}
            onChange={setStream}
          />
        </div>
        <PagedDataTable
          table={table}
          query={query}
          caption="Suppressed addresses"
          emptyMessage="No suppressed addresses."
          skeletonRows={3}
        />
      </CardContent>
      <ConfirmDialog
        open={Boolean(removing)}
        title={`Remove ${removing?.email ?? ''} from the suppression list?`}
        description={
          removing
            ? `${STREAM_LABELS[removing.stream]} email will reach this address again. Do this only when the person asked for it or the mailbox works again. The audit log records who removed it.`
            : ''
        }
        confirmLabel="Remove"
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Card>
  );
}
