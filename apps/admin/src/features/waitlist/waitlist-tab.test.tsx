import type { Page, WaitlistEntry } from '@repo/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DELETE_CONFIRMATION, ERASE_PERSON_CONFIRMATION } from '@/lib/messages';
import { adminUser, mockApi, staffUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { waitlistEntry } from '../../../test/waitlist-fixtures';
import { WaitlistTab } from './waitlist-tab';

const entry = (overrides: Partial<WaitlistEntry> = {}) =>
  waitlistEntry({ monthlyContentVolume: '10-20 posts', ...overrides });

/** Opens a row's Actions menu (issue 32) and returns its items. */
async function openRowMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  const trigger = await screen.findByRole('button', { name: `Actions for ${name}` });
  await user.click(trigger);
  return { trigger, menu: await screen.findByRole('menu') };
}

function page(items: WaitlistEntry[], total = items.length): { body: Page<WaitlistEntry> } {
  return { body: { items, total, page: 1, pageSize: 20 } };
}

describe('waitlist tab', () => {
  it("shows 'MMM dd, yyyy' dates and N/A for a missing company", async () => {
    mockApi({ 'GET /api/admin/waitlist': page([entry()]) });
    renderWithProviders(<WaitlistTab />);
    const row = (await screen.findByText('ada@example.com')).closest('tr')!;
    expect(within(row).getByText('May 26, 2025')).toBeInTheDocument();
    expect(within(row).getByText('N/A')).toBeInTheDocument();
  });

  it('asks the server for one page, sorted and searched', async () => {
    const { calls } = mockApi({ 'GET /api/admin/waitlist': page([entry()], 45) });
    const lastListCall = () =>
      calls.filter((call) => call.path.startsWith('/api/admin/waitlist')).at(-1)?.path;
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    await screen.findByText('ada@example.com');
    expect(lastListCall()).toBe(
      '/api/admin/waitlist?page=1&pageSize=20&sortBy=createdAt&sortOrder=desc',
    );
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListCall()).toContain('page=2&'));

    await user.click(screen.getByRole('button', { name: /Email/ }));
    await waitFor(() =>
      expect(lastListCall()).toContain('page=1&pageSize=20&sortBy=email&sortOrder=asc'),
    );

    await user.type(screen.getByLabelText('Search'), 'ada');
    await waitFor(() => expect(lastListCall()).toContain('search=ada'));
  });

  it('shows an empty state and an error state', async () => {
    mockApi({ 'GET /api/admin/waitlist': page([]) });
    const { unmount } = renderWithProviders(<WaitlistTab />);
    expect(await screen.findByText('No one is on the waitlist yet.')).toBeInTheDocument();
    unmount();

    mockApi({
      'GET /api/admin/waitlist': { status: 500, body: { message: 'Database unavailable' } },
    });
    renderWithProviders(<WaitlistTab />);
    const message = await screen.findByText('Database unavailable');
    expect(message.closest('[role="alert"]')).not.toBeNull();
  });

  it('shows signups per source and week', async () => {
    mockApi({
      'GET /api/admin/waitlist': page([entry()]),
      'GET /api/admin/waitlist/sources': {
        body: {
          weeks: ['2025-05-19', '2025-05-26'],
          sources: [
            { source: 'newsletter', counts: [3, 4], total: 7 },
            { source: 'direct', counts: [1, 0], total: 1 },
          ],
        },
      },
    });
    renderWithProviders(<WaitlistTab />);
    const table = await screen.findByRole('table', { name: 'Signups per source and week' });
    const newsletter = within(table).getByRole('rowheader', { name: 'newsletter' }).closest('tr')!;
    expect(
      within(newsletter)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '4', '7']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Source', 'Week of May 19', 'Week of May 26', 'Total']);
  });

  it('previews the invitation before approving, then reports success', async () => {
    const { calls } = mockApi({
      'GET /api/admin/waitlist': page([entry()]),
      'GET /api/admin/email/templates/beta-invitation/preview': { text: '<p>Welcome</p>' },
      'POST /api/admin/beta/approve/w1': {
        status: 201,
        body: { participant: {}, messageId: 'm1' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    await user.click(await screen.findByRole('button', { name: 'Approve for Beta: Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog');
    const frame = await within(dialog).findByTitle('Approve for Beta email preview');
    await waitFor(() => expect(frame).toHaveAttribute('srcdoc', '<p>Welcome</p>'));
    expect(frame).toHaveAttribute('sandbox', '');
    expect(calls.some((call) => call.path.includes('waitlistEntryId=w1'))).toBe(true);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Approve and send invitation' }));
    expect(await screen.findByText('Beta invitation sent')).toBeInTheDocument();
  });

  it("reports a refused approval with the server's message", async () => {
    mockApi({
      'GET /api/admin/waitlist': page([entry()]),
      'GET /api/admin/email/templates/beta-invitation/preview': { text: '<p>Welcome</p>' },
      'POST /api/admin/beta/approve/w1': {
        status: 409,
        body: { message: 'The beta is full (100 of 100 places taken)', type: 'beta_full' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    await user.click(await screen.findByRole('button', { name: 'Approve for Beta: Ada Lovelace' }));
    const send = await screen.findByRole('button', { name: 'Approve and send invitation' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByText('Approval failed')).toBeInTheDocument();
    expect(screen.getByText('The beta is full (100 of 100 places taken)')).toBeInTheDocument();
  });

  it("sends the 'Hang Tight' update through its preview, and reports a failure", async () => {
    mockApi({
      'GET /api/admin/waitlist': page([entry()]),
      'GET /api/admin/email/templates/waitlist-update/preview': { text: '<p>Hang tight</p>' },
      'POST /api/admin/beta/send-waitlist-update/w1': {
        status: 502,
        body: { message: 'Mail provider down' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    const { menu } = await openRowMenu(user, 'Ada Lovelace');
    await user.click(within(menu).getByRole('menuitem', { name: 'Hang Tight' }));
    const send = await screen.findByRole('button', { name: "Send 'Hang Tight' email" });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByText('Email failed')).toBeInTheDocument();
    expect(screen.getByText('Mail provider down')).toBeInTheDocument();
  });

  it('exports the CSV and reports success or failure', async () => {
    const { unmount } = renderExport({ text: 'email\nada@example.com\n' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export successful')).toBeInTheDocument();
    unmount();

    renderExport({ status: 500, body: { message: 'Export is not available' } });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(screen.getByText('Export is not available')).toBeInTheDocument();
  });

  it('deletes an entry for good only after the confirmation, and reloads the list', async () => {
    let deleted = false;
    const { calls } = mockApi({
      'GET /api/admin/waitlist': () => page(deleted ? [] : [entry()]),
      'DELETE /api/admin/waitlist/w1': () => {
        deleted = true;
        return { body: { message: 'Deleted' } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    const { trigger: opener, menu } = await openRowMenu(user, 'Ada Lovelace');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(DELETE_CONFIRMATION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Focus goes back to the row's menu button (the item is gone with its menu).
    await waitFor(() => expect(opener).toHaveFocus());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(
      within((await openRowMenu(user, 'Ada Lovelace')).menu).getByRole('menuitem', {
        name: 'Delete',
      }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete permanently',
      }),
    );
    expect(await screen.findByText('Deleted permanently')).toBeInTheDocument();
    expect(await screen.findByText('No one is on the waitlist yet.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/admin/waitlist/w1',
    ]);
  });

  it("reports a failed deletion with the server's message", async () => {
    mockApi({
      'GET /api/admin/waitlist': page([entry({ participantId: 'p1' })]),
      'DELETE /api/admin/waitlist/w1': {
        status: 404,
        body: { message: 'Waitlist entry not found' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    // Entries already in the beta can be erased too.
    const { menu } = await openRowMenu(user, 'Ada Lovelace');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete permanently',
      }),
    );
    expect(await screen.findByText('Deletion failed')).toBeInTheDocument();
    expect(screen.getByText('Waitlist entry not found')).toBeInTheDocument();
  });

  // Issue 11: double opt-in, referrals and the queue.
  it('shows state, position and referrals, filters by state and sorts by position', async () => {
    const { calls } = mockApi({
      'GET /api/admin/waitlist': page([
        entry({ referralCount: 3, position: 2 }),
        entry({
          id: 'w2',
          email: 'bob@example.com',
          firstName: 'Bob',
          confirmedAt: null,
          position: null,
        }),
      ]),
    });
    const lastListCall = () =>
      calls.filter((call) => call.path.startsWith('/api/admin/waitlist')).at(-1)?.path;
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    const ada = (await screen.findByText('ada@example.com')).closest('tr')!;
    expect(within(ada).getByText('Confirmed')).toBeInTheDocument();
    // Issue 20: the position is hidden until asked for, so that the row fits at 1280 px.
    expect(within(ada).queryByText('#2')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Position' }));
    expect(within(ada).getByText('#2')).toBeInTheDocument();
    expect(within(ada).getByRole('button', { name: '3 referrals of Ada Lovelace' })).toBeVisible();
    expect(within(ada).queryByRole('button', { name: /Resend confirmation/ })).toBeNull();
    const bob = screen.getByText('bob@example.com').closest('tr')!;
    expect(within(bob).getByText('Unconfirmed')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Unconfirmed' }));
    await waitFor(() => expect(lastListCall()).toContain('state=unconfirmed'));

    await user.click(screen.getByRole('button', { name: /Position/ }));
    await waitFor(() => expect(lastListCall()).toContain('sortBy=position&sortOrder=asc'));
  });

  it('resends the confirmation of an unconfirmed entry', async () => {
    const { calls } = mockApi({
      'GET /api/admin/waitlist': page([entry({ confirmedAt: null, position: null })]),
      'POST /api/admin/waitlist/w1/resend-confirmation': { status: 202, body: { messageId: 'm1' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    await user.click(
      await screen.findByRole('button', { name: 'Resend confirmation to Ada Lovelace' }),
    );
    expect(await screen.findByText('Confirmation resent')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(true);
  });

  it('shows who referred an entry and whom it referred', async () => {
    const person = (id: string, firstName: string, credited: boolean) => ({
      id,
      email: `${firstName.toLowerCase()}@example.com`,
      firstName,
      lastName: 'Person',
      confirmedAt: '2025-05-26T12:00:00.000Z',
      createdAt: '2025-05-26T12:00:00.000Z',
      credited,
    });
    mockApi({
      'GET /api/admin/waitlist': page([entry({ referralCount: 1 })]),
      'GET /api/admin/waitlist/w1/referrals': {
        body: {
          referredBy: [person('r0', 'Grace', true)],
          referrals: [person('r1', 'Linus', true), person('r2', 'Alan', false)],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    await user.click(await screen.findByRole('button', { name: '1 referral of Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('grace@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Referred (2)')).toBeInTheDocument();
    expect(within(dialog).getByText('Counted')).toBeInTheDocument();
    expect(within(dialog).getByText('Not counted')).toBeInTheDocument();
  });
});

function renderExport(reply: { status?: number; body?: unknown; text?: string }) {
  mockApi({ 'GET /api/admin/waitlist': page([]), 'GET /api/admin/waitlist/export': reply });
  URL.createObjectURL = () => 'blob:export';
  URL.revokeObjectURL = () => undefined;
  // jsdom does not implement navigation; the click on the download link is enough here.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(
    this: HTMLAnchorElement,
  ) {
    expect(this.download).toBe('waitlist-export.csv');
  });
  return renderWithProviders(<WaitlistTab />);
}

describe('erasure from the waitlist tab (issue 19)', () => {
  it('erases a person after a confirmation and shows what was deleted', async () => {
    const { calls } = mockApi({
      'GET /api/user': adminUser,
      'GET /api/admin/waitlist': page([entry()]),
      'POST /api/admin/erasure': {
        body: {
          deleted: {
            waitlistEntries: 1,
            contactMessages: 2,
            feedbackResponses: 0,
            participants: 1,
            emails: 3,
            analyticsEvents: 14,
          },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistTab />);
    await user.click(await screen.findByRole('button', { name: 'Erase a person' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'alan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(ERASE_PERSON_CONFIRMATION)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Erase permanently' }));
    expect(await screen.findByText('Erasure complete')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'alan@example.com',
    });
    expect(within(dialog).getByText('Contact messages').nextSibling).toHaveTextContent('2');
    expect(within(dialog).getByText('Analytics events').nextSibling).toHaveTextContent('14');
  });

  it('offers erasure to every role with people:erase, an Admin without the Staff tab included', async () => {
    mockApi({ 'GET /api/user': staffUser('admin'), 'GET /api/admin/waitlist': page([entry()]) });
    const admin = renderWithProviders(<WaitlistTab />);
    await screen.findByText('ada@example.com');
    expect(screen.getByRole('button', { name: 'Erase a person' })).toBeInTheDocument();
    admin.unmount();

    mockApi({ 'GET /api/user': staffUser('support'), 'GET /api/admin/waitlist': page([entry()]) });
    renderWithProviders(<WaitlistTab />);
    await screen.findByText('ada@example.com');
    expect(screen.queryByRole('button', { name: 'Erase a person' })).toBeNull();
  });
});
