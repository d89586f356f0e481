import type { AuditLogEntry } from '@repo/api-client';
import { AUDIT_ACTIONS } from '@repo/validation';
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
    actor: { kind: 'staff', id: 'u1', label: 'ada' },
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
    expect(within(row).getByText('Staff')).toBeInTheDocument();
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
            entries: [
              entry({
                id: String(page),
                actor: { kind: 'staff', id: 'u1', label: `actor-on-page-${page}` },
              }),
            ],
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

  it('tells each kind of actor by its badge, not its label: a member of staff named like a key stays Staff', async () => {
    const lookalike = 'API key 3f9c0a1b2c3d4e5f';
    mockApi({
      'GET /api/admin/audit-log': {
        body: {
          entries: [
            entry({
              id: '1',
              action: 'contact.delete',
              actorLabel: lookalike,
              actor: { kind: 'staff', id: 'u9', label: lookalike },
            }),
            entry({
              id: '2',
              action: 'export.csv',
              actorLabel: lookalike,
              actor: { kind: 'api_key', id: 'k1', label: lookalike },
            }),
            entry({
              id: '3',
              action: 'participant.invitation_expired',
              actorLabel: 'system',
              actor: { kind: 'system', id: null, label: 'system' },
            }),
            entry({
              id: '4',
              action: 'participant.accept',
              actorLabel: 'invitation link',
              actor: { kind: 'public', id: null, label: 'invitation link' },
            }),
          ],
          total: 4,
        },
      },
    });
    renderWithProviders(<AuditTab />);
    const badgeOf = async (action: string) => {
      const row = (await screen.findByText(action)).closest('tr')!;
      return within(row)
        .getAllByText(/^(Staff|API key|System|Public link)$/)
        .map((el) => el.textContent);
    };
    expect(await badgeOf('contact.delete')).toEqual(['Staff']);
    expect(await badgeOf('export.csv')).toEqual(['API key']);
    expect(await badgeOf('participant.invitation_expired')).toEqual(['System']);
    expect(await badgeOf('participant.accept')).toEqual(['Public link']);
  });

  it('offers every action the API records, from the shared list, and filters by kind of actor', async () => {
    const { calls } = mockApi({
      'GET /api/admin/audit-log': { body: { entries: [entry()], total: 1 } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AuditTab />);
    await screen.findByText('waitlist.delete');
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).toEqual(['All actions', ...AUDIT_ACTIONS]);
    // The four the console's own list lacked before issue 19.
    for (const action of [
      'waitlist.resend_confirmation',
      'invite_code.create',
      'invite_code.disable',
      'invite_code.enable',
    ]) {
      expect(offered).toContain(action);
    }
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Who' }));
    await user.click(await screen.findByRole('option', { name: 'API key' }));
    await waitFor(() =>
      expect(Object.fromEntries(query(calls.at(-1)!))).toEqual({
        page: '1',
        pageSize: '20',
        actorKind: 'api_key',
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
