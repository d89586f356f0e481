import type { AuditLogEntry } from '@repo/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { formatDetails } from './audit-columns';
import { AuditTab } from './audit-tab';

function entry(overrides: Partial<AuditLogEntry> = {}): AuditLogEntry {
  return {
    id: '1',
    actorLabel: 'ada',
    action: 'waitlist.delete',
    targetType: 'waitlist_entry',
    targetId: 'w1',
    details: { emails: 2, analyticsEvents: 5 },
    ip: '203.0.113.7',
    createdAt: '2026-11-21T14:05:00.000Z',
    ...overrides,
  };
}

function query(call: RecordedCall): URLSearchParams {
  return new URL(call.path, 'http://admin.test').searchParams;
}

describe('audit log tab', () => {
  it('shows who did what, to what, from where, with compact details', async () => {
    mockApi({
      'GET /api/admin/audit-log': {
        body: {
          entries: [
            entry(),
            entry({
              id: '2',
              action: 'export.csv',
              targetType: null,
              targetId: null,
              details: {},
              ip: null,
            }),
          ],
          total: 2,
        },
      },
    });
    renderWithProviders(<AuditTab />);
    const row = (await screen.findByText('waitlist.delete')).closest('tr')!;
    expect(within(row).getByText('ada')).toBeInTheDocument();
    expect(within(row).getByText(/Nov 21, 2026/)).toBeInTheDocument();
    expect(within(row).getByText('waitlist_entry w1')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(row).getByText('emails=2 analyticsEvents=5')).toBeInTheDocument();
    const bare = screen.getByText('export.csv').closest('tr')!;
    expect(within(bare).getAllByText('—')).toHaveLength(3);
  });

  it('asks the server for one page at a time', async () => {
    const { calls } = mockApi({
      'GET /api/admin/audit-log': (call) => {
        const page = Number(query(call).get('page'));
        return {
          body: {
            entries: [entry({ id: String(page), actorLabel: `actor-on-page-${page}` })],
            total: 45,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AuditTab />);
    await screen.findByText('actor-on-page-1');
    expect(screen.getByText('Showing 1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('actor-on-page-2')).toBeInTheDocument();
    expect(screen.getByText('Showing 21–40 of 45')).toBeInTheDocument();
    const audits = calls.filter((call) => call.path.startsWith('/api/admin/audit-log'));
    expect(audits.map((call) => Object.fromEntries(query(call)))).toEqual([
      { page: '1', pageSize: '20' },
      { page: '2', pageSize: '20' },
    ]);
  });

  it('filters by action from the first page', async () => {
    const { calls } = mockApi({
      'GET /api/admin/audit-log': { body: { entries: [entry()], total: 1 } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AuditTab />);
    await screen.findByText('waitlist.delete');
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'account.disable' }));
    await waitFor(() =>
      expect(Object.fromEntries(query(calls.at(-1)!))).toEqual({
        page: '1',
        pageSize: '20',
        action: 'account.disable',
      }),
    );
  });

  it('writes details as key=value pairs', () => {
    expect(formatDetails({ count: 3, ids: ['a', 'b'], nested: { x: 1 } })).toBe(
      'count=3 ids=a,b nested={"x":1}',
    );
    expect(formatDetails({})).toBe('');
  });
});
