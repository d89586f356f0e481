import type {
  Page,
  WaitlistBulkRun,
  WaitlistBulkRunList,
  WaitlistEntry,
  WaitlistImportRunList,
} from '@repo/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, staffUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { waitlistEntry } from '../../../test/waitlist-fixtures';
import { WaitlistTab } from './waitlist-tab';

type ImportItem = WaitlistImportRunList['items'][number];
type BulkItem = WaitlistBulkRunList['items'][number];

const list: { body: Page<WaitlistEntry> } = {
  body: { items: [waitlistEntry()], total: 1, page: 1, pageSize: 20 },
};

function importRun(overrides: Partial<ImportItem> = {}): ImportItem {
  return {
    id: 'imp-1',
    fileName: 'people.csv',
    state: 'finished',
    confirmAll: true,
    totalRows: 3,
    processedRows: 3,
    imported: 2,
    mailsQueued: 0,
    problems: { invalid_email: 1 },
    error: null,
    createdAt: '2025-05-26T11:59:00.000Z',
    startedAt: '2025-05-26T12:00:00.000Z',
    finishedAt: '2025-05-26T12:01:00.000Z',
    undoneAt: null,
    undoableUntil: '2025-05-27T12:01:00.000Z',
    startedBy: 'admin',
    ...overrides,
  };
}

function bulkRun(overrides: Partial<BulkItem> = {}): BulkItem {
  return {
    id: 'run-1',
    action: 'approve',
    state: 'finished',
    total: 2,
    done: 1,
    skipped: 1,
    failed: 0,
    reasons: { no_free_seat: 1 },
    createdAt: '2025-05-26T12:00:00.000Z',
    finishedAt: '2025-05-26T12:01:00.000Z',
    startedBy: 'admin',
    ...overrides,
  };
}

async function openRecent(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(await screen.findByRole('button', { name: 'Recent' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog', { name: item.replace('…', '') });
}

describe('recent imports', () => {
  it('lists the imports and undoes one after a confirmation', async () => {
    let undone = false;
    const { calls } = mockApi({
      'GET /api/admin/waitlist': list,
      'GET /api/admin/waitlist/imports': () => ({
        body: {
          items: [
            importRun(
              undone
                ? { state: 'undone', undoableUntil: null, undoneAt: '2025-05-26T13:00:00.000Z' }
                : {},
            ),
            importRun({
              id: 'imp-0',
              fileName: 'older.csv',
              startedBy: 'support',
              undoableUntil: null,
              problems: {},
            }),
          ],
        },
      }),
      'POST /api/admin/waitlist/imports/imp-1/undo': () => {
        undone = true;
        return { body: importRun({ state: 'undone', undoableUntil: null }) };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    const dialog = await openRecent(user, 'Recent imports…');
    const recent = await within(dialog).findByRole('listitem', { name: 'people.csv' });
    expect(within(recent).getByText('Imported 2 of 3 rows')).toBeInTheDocument();
    expect(within(recent).getByText(/Invalid email address 1/)).toBeInTheDocument();
    expect(within(recent).getByText(/Can be undone until/)).toBeInTheDocument();
    const older = within(dialog).getByRole('listitem', { name: 'older.csv' });
    expect(within(older).getByText(/by support/)).toBeInTheDocument();
    // Past its 24 hours: no undo.
    expect(within(older).queryByRole('button', { name: 'Undo import' })).toBeNull();

    await user.click(within(recent).getByRole('button', { name: 'Undo import' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/deletes the 2 entries people.csv added/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Undo import' }));
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('listitem', { name: 'people.csv' })).getByText(/^Undone/),
      ).toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/waitlist/imports/imp-1/undo',
    ]);
  });

  it('shows a running import’s progress, read again until it ends', async () => {
    let reads = 0;
    mockApi({
      'GET /api/admin/waitlist': list,
      'GET /api/admin/waitlist/imports': () => {
        reads += 1;
        return {
          body: {
            items: [
              reads < 2
                ? importRun({
                    state: 'importing',
                    processedRows: 1,
                    imported: 1,
                    finishedAt: null,
                    undoableUntil: null,
                  })
                : importRun(),
            ],
          },
        };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    const dialog = await openRecent(user, 'Recent imports…');
    expect(await within(dialog).findByText('Importing… 1 of 3 rows')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('progressbar', { name: 'people.csv: 33%' }),
    ).toBeInTheDocument();
    expect(
      await within(dialog).findByText('Imported 2 of 3 rows', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('is not offered to staff who may not import', async () => {
    mockApi({ 'GET /api/user': staffUser('support'), 'GET /api/admin/waitlist': list });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    await user.click(await screen.findByRole('button', { name: 'Recent' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Recent imports…' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Recent bulk actions…' })).toBeVisible();
  });
});

describe('recent bulk actions', () => {
  it('lists the runs with their results and reopens one in the progress panel', async () => {
    const full: WaitlistBulkRun = {
      ...bulkRun({ state: 'running', done: 1, skipped: 0, reasons: {}, finishedAt: null }),
      passedOver: [],
    };
    const { calls } = mockApi({
      'GET /api/admin/waitlist': list,
      'GET /api/admin/waitlist/bulk/runs': {
        body: {
          items: [
            bulkRun({
              id: 'run-2',
              state: 'running',
              done: 1,
              skipped: 0,
              reasons: {},
              finishedAt: null,
            }),
            bulkRun({ action: 'delete', done: 2, skipped: 0, reasons: {} }),
            bulkRun({ id: 'run-0' }),
          ],
        },
      },
      'GET /api/admin/waitlist/bulk/runs/run-2': { body: { ...full, id: 'run-2' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    const dialog = await openRecent(user, 'Recent bulk actions…');
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Approving… 1 of 2')).toBeInTheDocument();
    expect(
      within(items[1]!).getByText('Finished: 2 deleted, 0 skipped, 0 failed'),
    ).toBeInTheDocument();
    expect(within(items[2]!).getByText('No free seat: 1')).toBeInTheDocument();

    await user.click(within(items[0]!).getByRole('button', { name: 'Show progress' }));
    const panel = await screen.findByRole('region', { name: 'Bulk run' });
    expect(within(panel).getByText('Approving… 1 of 2')).toBeInTheDocument();
    // The panel reads the run in full at once.
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('/api/admin/waitlist/bulk/runs/run-2'),
    );
    expect(screen.queryByRole('dialog', { name: 'Recent bulk actions' })).toBeNull();
  });
});
