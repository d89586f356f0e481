import type { Page, WaitlistBulkRun, WaitlistEntry } from '@repo/api-client';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, staffUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { waitlistEntry } from '../../../test/waitlist-fixtures';
import { useRowSelection } from './use-row-selection';
import { WaitlistTab } from './waitlist-tab';

const entry = (id: string, firstName: string) =>
  waitlistEntry({
    id,
    firstName,
    lastName: 'Tester',
    email: `${firstName.toLowerCase()}@example.com`,
    referralCode: `CODE${id}`,
  });

const rows = [entry('w1', 'Ada'), entry('w2', 'Grace'), entry('w3', 'Edsger')];
const list = (total = rows.length): { body: Page<WaitlistEntry> } => ({
  body: { items: rows, total, page: 1, pageSize: 20 },
});

function run(overrides: Partial<WaitlistBulkRun> = {}): WaitlistBulkRun {
  return {
    id: 'run-1',
    action: 'approve',
    state: 'running',
    total: 2,
    done: 0,
    skipped: 0,
    failed: 0,
    reasons: {},
    passedOver: [],
    createdAt: '2025-05-26T12:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

describe('the row selection hook', () => {
  it('toggles rows, selects a page, all matching, and clears when the filter changes', () => {
    let filter: { search?: string } = { search: 'ada' };
    const { result, rerender } = renderHook(() => useRowSelection(filter));
    expect(result.current.target).toBeUndefined();
    act(() => result.current.toggle('a'));
    act(() => result.current.toggle('b'));
    act(() => result.current.toggle('a'));
    expect(result.current.target).toEqual({ kind: 'ids', ids: ['b'] });
    act(() => result.current.setMany(['c', 'd'], true));
    expect(result.current.count).toBe(3);
    act(() => result.current.selectAllMatching(250));
    expect(result.current.target).toEqual({ kind: 'all-matching', filter, total: 250 });
    expect(result.current.isSelected('anything')).toBe(true);
    // Toggling a row leaves "all matching" for that row alone.
    act(() => result.current.toggle('z'));
    expect(result.current.target).toEqual({ kind: 'ids', ids: ['z'] });
    filter = { search: 'grace' };
    rerender();
    expect(result.current.target).toBeUndefined();
  });
});

describe('bulk actions on the waitlist', () => {
  it('approves the ticked rows after a confirmation stating the count, then shows the progress and the result', async () => {
    let polls = 0;
    const { calls } = mockApi({
      'GET /api/admin/waitlist': list(),
      'POST /api/admin/waitlist/bulk/approve': { status: 202, body: run() },
      'GET /api/admin/waitlist/bulk/runs/run-1': () => {
        polls += 1;
        return {
          body:
            polls < 2
              ? run({ done: 1 })
              : run({
                  state: 'finished',
                  done: 1,
                  skipped: 1,
                  reasons: { no_free_seat: 1 },
                  passedOver: [
                    {
                      id: 'w3',
                      name: 'Edsger Tester',
                      email: 'edsger@example.com',
                      reason: 'no_free_seat',
                    },
                  ],
                  finishedAt: '2025-05-26T12:01:00.000Z',
                }),
        };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ada Tester' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Edsger Tester' }));
    // The bar's code loads with the first selection (lazy): waited for, not assumed.
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Approve for Beta' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Approve 2 people for the beta?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    const status = await screen.findByText(/Finished: 1 invited, 1 skipped, 0 failed/, undefined, {
      timeout: 5000,
    });
    expect(status).toBeInTheDocument();
    expect(screen.getByText('No free seat: 1')).toBeInTheDocument();
    expect(
      screen.getByText(/Edsger Tester \(edsger@example.com\): No free seat/),
    ).toBeInTheDocument();
    const started = calls.filter((call) => call.method === 'POST');
    expect(started).toEqual([
      {
        method: 'POST',
        path: '/api/admin/waitlist/bulk/approve',
        body: { selection: { ids: ['w1', 'w3'] } },
      },
    ]);
    // The selection is spent once the run starts.
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('selects a page, then all N matching the filter, and deletes them after the confirmation', async () => {
    const { calls } = mockApi({
      'GET /api/admin/waitlist': list(57),
      'POST /api/admin/waitlist/bulk/delete': {
        status: 202,
        body: run({
          action: 'delete',
          total: 57,
          state: 'finished',
          done: 57,
          finishedAt: '2025-05-26T12:01:00.000Z',
        }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    await screen.findByText('ada@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(await screen.findByText(/All 3 on this page are selected/)).toBeInTheDocument();
    await user.click(
      await screen.findByRole('button', { name: 'Select all 57 matching this filter' }),
    );
    // The bar's code loads with the first selection (lazy): waited for, not assumed.
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(
      within(bar).getByText('All 57 people matching this filter selected'),
    ).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete 57 people permanently?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete permanently',
      }),
    );
    expect(
      await screen.findByText('Finished: 57 deleted, 0 skipped, 0 failed'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/admin/waitlist/bulk/delete',
        body: { selection: { filter: {} } },
      },
    ]);
  });

  it('hides the actions a role cannot take, and the selection from a role that can take none', async () => {
    mockApi({ 'GET /api/user': staffUser('support'), 'GET /api/admin/waitlist': list() });
    const support = renderWithProviders(<WaitlistTab />);
    await screen.findByText('ada@example.com');
    expect(screen.queryByRole('checkbox')).toBeNull();
    support.unmount();

    // A role that may approve and export, but not delete.
    const approver = staffUser('support');
    approver.body.permissions = ['waitlist:read', 'beta:approve', 'waitlist:export'];
    mockApi({ 'GET /api/user': approver, 'GET /api/admin/waitlist': list() });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ada Tester' }));
    // The bar's code loads with the first selection (lazy): waited for, not assumed.
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByRole('button', { name: 'Approve for Beta' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Send Hang Tight' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Export selection' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("reports a run that did not start with the server's message, keeping the selection", async () => {
    mockApi({
      'GET /api/admin/waitlist': list(),
      'POST /api/admin/waitlist/bulk/hang-tight': {
        status: 422,
        body: { message: 'No waitlist entry matches this selection', type: 'nothing_selected' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Grace Tester' }));
    await user.click(await screen.findByRole('button', { name: 'Send Hang Tight' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send' }),
    );
    expect(await screen.findByText('No waitlist entry matches this selection')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('1 selected'),
    );
  });
});
