import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AuditTab } from './audit-tab';

const base = {
  actorLabel: 'ada',
  actor: { kind: 'staff', id: 'u1', label: 'ada' },
  targetType: 'waitlist_entry',
  targetId: 'w1',
  details: {},
  ip: null,
  createdAt: '2026-11-21T14:05:00.000Z',
};

describe('audit log rows as sentences', () => {
  it('reads each entry with the names the API looked up, the code beneath, an erased person as such', async () => {
    mockApi({
      'GET /api/admin/audit-log': {
        body: {
          entries: [
            {
              ...base,
              id: '1',
              action: 'waitlist.approve',
              actorName: 'Ada Lovelace',
              subjectName: 'Grace Hopper',
            },
            {
              ...base,
              id: '2',
              action: 'waitlist.delete',
              actorName: 'Ada Lovelace',
              subjectName: null,
            },
          ],
          total: 2,
        },
      },
    });
    renderWithProviders(<AuditTab />);
    const approved = (await screen.findByText('waitlist.approve')).closest('tr')!;
    expect(approved).toHaveTextContent('Ada Lovelace approved Grace Hopper for the beta');
    expect(within(approved).getByText('Grace Hopper').tagName).toBe('STRONG');
    expect(within(approved).getByText('Staff')).toBeInTheDocument();
    const deleted = screen.getByText('waitlist.delete').closest('tr')!;
    expect(deleted).toHaveTextContent('Ada Lovelace deleted an erased person’s waitlist entry');
    // The label it acted under is not shown when the name is known.
    expect(within(deleted).queryByText('ada')).toBeNull();
  });
});
