import type { WaitlistEntry } from '@repo/api-client';
import type { BuiltInRoleKey } from '@repo/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, staffUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { waitlistEntry } from '../../../test/waitlist-fixtures';
import { WaitlistRowActions } from './row-actions-menu';
import type { WaitlistRowHandlers } from './waitlist-columns';

const entry = waitlistEntry;

function handlers(): WaitlistRowHandlers {
  return {
    onAction: vi.fn(),
    onDelete: vi.fn(),
    onResendConfirmation: vi.fn(),
    onShowReferrals: vi.fn(),
    resendingId: null,
  };
}

function renderRow(row: WaitlistEntry, role: BuiltInRoleKey = 'owner') {
  mockApi({ 'GET /api/user': staffUser(role) });
  const given = handlers();
  renderWithProviders(<WaitlistRowActions entry={row} handlers={given} />);
  return given;
}

async function menuItems(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Actions for Ada Lovelace' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('a waitlist row’s actions (issue 32)', () => {
  it('makes approval the button of a confirmed entry in the queue, and the rest a menu', async () => {
    const given = renderRow(entry());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve for Beta: Ada Lovelace' }));
    expect(given.onAction).toHaveBeenCalledWith({ kind: 'approve', entry: entry() });
    expect(await menuItems(user)).toEqual(['Hang Tight', 'History', 'Delete']);
  });

  it('makes the reminder the button of an unconfirmed entry', async () => {
    const given = renderRow(entry({ confirmedAt: null }));
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Resend confirmation to Ada Lovelace' }),
    );
    expect(given.onResendConfirmation).toHaveBeenCalledTimes(1);
    expect(await menuItems(user)).toEqual(['Approve for Beta', 'Hang Tight', 'History', 'Delete']);
  });

  it('shows a participant as in the beta, with the history as its button', async () => {
    renderRow(entry({ participantId: 'p1' }));
    const user = userEvent.setup();
    expect(await screen.findByText('In beta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'History of Ada Lovelace' })).toHaveAttribute(
      'href',
      '/admin/people/ada%40example.com',
    );
    expect(await menuItems(user)).toEqual(['Delete']);
  });

  it('runs a menu item with the keyboard, and gives the focus back to the menu button', async () => {
    const given = renderRow(entry());
    const user = userEvent.setup();
    const trigger = await screen.findByRole('button', { name: 'Actions for Ada Lovelace' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    // Arrow keys move through the items (Radix), Enter chooses.
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Hang Tight' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(given.onDelete).toHaveBeenCalledWith(entry()));
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes the menu on Escape without doing anything', async () => {
    const given = renderRow(entry());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Ada Lovelace' }));
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(given.onDelete).not.toHaveBeenCalled();
    expect(given.onAction).not.toHaveBeenCalled();
  });

  it('offers a role only what it may do: Support reads the history, with no menu', async () => {
    renderRow(entry(), 'support');
    expect(
      await screen.findByRole('link', { name: 'History of Ada Lovelace' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve|Actions for/ })).toBeNull();
  });
});
