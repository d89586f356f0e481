import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, staffUser } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { adminPost, postPage } from './post-fixtures';

const posts = [
  adminPost(),
  adminPost({
    id: 8,
    title: 'Case study: Acme',
    slug: 'case-study-acme',
    category: 'Case Study',
    status: 'scheduled',
    scheduledAt: '2026-12-07T08:00:00.000Z',
    tags: [],
  }),
  adminPost({
    id: 9,
    title: 'Launch notes',
    slug: 'launch-notes',
    status: 'published',
    publishedAt: '2026-11-01T12:00:00.000Z',
    author: 'Maya Okafor',
  }),
];

describe('posts section (issue 23)', () => {
  it('lists the posts with their status, author, category, tags and dates', async () => {
    mockApi({ 'GET /api/admin/posts': postPage(posts) });
    renderApp('/admin/posts');
    const table = await screen.findByRole('table', { name: 'Blog posts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Title',
      'Status',
      'Author',
      'Category',
      'Tags',
      'Published or scheduled',
      'Updated',
    ]);
    const draft = await within(table).findByRole('link', { name: 'Planning a content calendar' });
    expect(draft).toHaveAttribute('href', '/admin/posts/7');
    const draftRow = draft.closest('tr')!;
    expect(within(draftRow).getByText('Draft')).toBeInTheDocument();
    expect(within(draftRow).getByText('Planning, SEO')).toBeInTheDocument();
    const scheduled = within(table).getByText('Case study: Acme').closest('tr')!;
    expect(within(scheduled).getByText('Scheduled Dec 07, 2026 08:00')).toBeInTheDocument();
    const published = within(table).getByText('Launch notes').closest('tr')!;
    expect(within(published).getByText('Published')).toBeInTheDocument();
    expect(within(published).getByText('Nov 01, 2026')).toBeInTheDocument();
    expect(within(published).getByText('Maya Okafor')).toBeInTheDocument();
  });

  it('asks the API for the search, status and category chosen', async () => {
    const { calls } = mockApi({ 'GET /api/admin/posts': postPage(posts) });
    const user = userEvent.setup();
    renderApp('/admin/posts');
    await screen.findByRole('table', { name: 'Blog posts' });
    // One change: keystrokes slower than the search's pause each make a request.
    await user.click(screen.getByLabelText('Search'));
    await user.paste('calendar');
    await waitFor(() =>
      expect(calls.some((call) => call.path.includes('search=calendar'))).toBe(true),
    );
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Scheduled' }));
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Case Study' }));
    await waitFor(() => {
      const last = new URL(calls.at(-1)!.path, 'http://x').searchParams;
      expect(Object.fromEntries(last)).toMatchObject({
        search: 'calendar',
        status: 'scheduled',
        category: 'Case Study',
      });
    });
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(
      '/admin/posts?search=calendar&status=scheduled&category=Case+Study',
    );
  });

  it('offers New post to a role that may write, not to a Viewer', async () => {
    mockApi({ 'GET /api/admin/posts': postPage(posts) });
    const { unmount } = renderApp('/admin/posts');
    await screen.findByRole('table', { name: 'Blog posts' });
    expect(screen.getByRole('link', { name: 'New post' })).toHaveAttribute(
      'href',
      '/admin/posts/new',
    );
    unmount();

    mockApi({ 'GET /api/user': staffUser('viewer'), 'GET /api/admin/posts': postPage(posts) });
    renderApp('/admin/posts');
    await screen.findByRole('table', { name: 'Blog posts' });
    expect(screen.queryByRole('link', { name: 'New post' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Posts' })).toBeInTheDocument();
  });
});
