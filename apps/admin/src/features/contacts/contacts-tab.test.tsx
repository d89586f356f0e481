import type { ContactMessage, Page } from '@repo/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DELETE_CONFIRMATION } from '@/lib/messages';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ContactStatusBadge } from './contact-status-badge';
import { ContactsTab } from './contacts-tab';

function message(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    id: 'c1',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    company: null,
    subject: 'Question about the beta',
    message: 'Can agencies join the beta with client work?',
    status: 'new',
    createdAt: '2025-06-02T09:30:00.000Z',
    ...overrides,
  };
}

function page(items: ContactMessage[]): { body: Page<ContactMessage> } {
  return { body: { items, total: items.length, page: 1, pageSize: 20 } };
}

describe('contact status badges (spec section 4)', () => {
  it('shows New as destructive, Read as outline and Replied in green', () => {
    renderWithProviders(
      <>
        <ContactStatusBadge status="new" />
        <ContactStatusBadge status="read" />
        <ContactStatusBadge status="replied" />
      </>,
    );
    expect(screen.getByText('New')).toHaveClass('bg-destructive');
    expect(screen.getByText('Read')).toHaveClass('border-input');
    expect(screen.getByText('Replied')).toHaveClass('bg-success');
  });
});

describe('contacts tab', () => {
  it('marks a new message read when it is opened, and shows its date with HH:mm', async () => {
    const { calls } = mockApi({
      'GET /api/admin/contacts': page([message()]),
      'PATCH /api/admin/contacts/c1': { body: { ...message(), status: 'read' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ContactsTab />);
    const row = (await screen.findByText('grace@example.com')).closest('tr')!;
    expect(within(row).getByText('Jun 02, 2025')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'View message from Grace Hopper' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(/Jun 02, 2025 09:30/).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('N/A')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
        path: '/api/admin/contacts/c1',
        body: { status: 'read' },
      }),
    );
    expect(await within(dialog).findByText('Read')).toBeInTheDocument();
  });

  it("disables 'Mark as Replied' once a message was replied", async () => {
    mockApi({ 'GET /api/admin/contacts': page([message({ status: 'replied' })]) });
    const user = userEvent.setup();
    renderWithProviders(<ContactsTab />);
    await user.click(await screen.findByRole('button', { name: 'View message from Grace Hopper' }));
    expect(await screen.findByRole('button', { name: 'Mark as Replied' })).toBeDisabled();
  });

  it("marks a message replied with a 'Status updated' toast, or 'Update failed' with the server's message", async () => {
    let fail = false;
    mockApi({
      'GET /api/admin/contacts': page([message({ status: 'read' })]),
      'PATCH /api/admin/contacts/c1': () =>
        fail ? { status: 500, body: { message: 'Could not save' } } : { body: {} },
    });
    const user = userEvent.setup();
    renderWithProviders(<ContactsTab />);
    await user.click(await screen.findByRole('button', { name: 'View message from Grace Hopper' }));
    const markReplied = await screen.findByRole('button', { name: 'Mark as Replied' });
    expect(markReplied).toBeEnabled();
    fail = true;
    await user.click(markReplied);
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('Could not save')).toBeInTheDocument();
    fail = false;
    await user.click(markReplied);
    expect(await screen.findByText('Status updated')).toBeInTheDocument();
    await waitFor(() => expect(markReplied).toBeDisabled());
  });

  it('deletes a message for good after the confirmation', async () => {
    let deleted = false;
    const { calls } = mockApi({
      'GET /api/admin/contacts': () => page(deleted ? [] : [message()]),
      'DELETE /api/admin/contacts/c1': () => {
        deleted = true;
        return { body: { message: 'Deleted' } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ContactsTab />);
    await user.click(
      await screen.findByRole('button', { name: 'Delete message from Grace Hopper' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(DELETE_CONFIRMATION)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('Deleted permanently')).toBeInTheDocument();
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/admin/contacts/c1');
  });
});
