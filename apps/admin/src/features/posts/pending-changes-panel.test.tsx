import type { PostPendingRevision } from '@repo/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, staffUser } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { adminPost, postPage } from './post-fixtures';

/*
 * Issue 31: an edit of a published post by someone without posts:publish waits
 * for review. The post's page shows it with a diff; only a publisher may publish
 * or discard it, and a writer sees no Delete, Unpublish or Restore of a live post.
 */

const live = adminPost({
  title: 'Planning a content calendar that lasts',
  excerpt:
    'A content calendar that survives a busy quarter: the goals, the cadence and the review that keep it alive.',
  status: 'published',
  publishedAt: '2026-11-01T12:00:00.000Z',
  content: '## Start with the goal\n\nThe old line.\n',
});

const pending: PostPendingRevision = {
  id: '5b2a9f4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
  postId: 7,
  fields: ['title', 'content'],
  snapshot: {
    title: 'Planning a content calendar that really lasts',
    slug: live.slug,
    excerpt: live.excerpt,
    category: live.category,
    tags: live.tags,
    readingTime: live.readingTime,
    author: live.author,
    authorEmail: null,
    authorBio: null,
    content: '## Start with the goal\n\nThe new line.\n',
    featuredImage: null,
  },
  actor: { kind: 'staff', id: 'u-support', label: 'support' },
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:30:00.000Z',
};

const revision = {
  id: '8d3c6f3e-5b1a-4c1e-9b57-2b8f8d1c0a11',
  postId: 7,
  snapshot: { ...pending.snapshot, title: 'An older title' },
  actor: { kind: 'staff', id: 'u2', label: 'Grace Hopper' },
  createdAt: '2026-11-26T09:30:00.000Z',
};

function routes(role: 'owner' | 'support', extra: Record<string, unknown> = {}) {
  return {
    'GET /api/user': staffUser(role),
    'GET /api/admin/posts': postPage([live]),
    'GET /api/admin/posts/7': { body: live },
    'GET /api/admin/posts/7/revisions': { body: { items: [revision] } },
    'GET /api/admin/posts/7/pending-revision': { body: { pendingRevision: pending } },
    ...extra,
  };
}

describe('changes waiting for review (issue 31)', () => {
  it('shows a publisher what changes, field by field and the body line by line, and publishes them', async () => {
    const published = { ...live, ...pending.snapshot };
    const { calls } = mockApi(
      routes('owner', {
        'POST /api/admin/posts/7/pending-revision/publish': { body: published },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    const panel = await screen.findByRole('region', { name: 'Changes waiting for review' });
    expect(within(panel).getByText(/Sent by support/)).toBeInTheDocument();
    const fields = within(panel).getByRole('definition');
    expect(fields.querySelector('del')).toHaveTextContent(live.title);
    expect(fields.querySelector('ins')).toHaveTextContent(pending.snapshot.title);
    expect(panel.querySelector('ol del')).toHaveTextContent('Removed: The old line.');
    expect(panel.querySelector('ol ins')).toHaveTextContent('Added: The new line.');
    // The publisher's editor holds the live post.
    expect(screen.getByLabelText('Title')).toHaveValue(live.title);

    await user.click(within(panel).getByRole('button', { name: 'Publish changes' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Publish changes',
      }),
    );
    expect(await screen.findByText('Changes published')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/pending-revision/publish'))?.body).toEqual({});
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Changes waiting for review' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Title')).toHaveValue(pending.snapshot.title);
  });

  it("lists the SEO checks' blocking problems and publishes anyway with a reason", async () => {
    let attempts = 0;
    const { calls } = mockApi(
      routes('owner', {
        'POST /api/admin/posts/7/pending-revision/publish': () =>
          ++attempts === 1
            ? {
                status: 422,
                body: {
                  message: 'The post has 1 blocking SEO problem',
                  type: 'seo_checks_failed',
                  problems: [
                    {
                      code: 'internal_link_broken',
                      blocking: true,
                      message: 'The link to /blog/gone goes nowhere',
                    },
                  ],
                },
              }
            : { body: { ...live, ...pending.snapshot } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    const panel = await screen.findByRole('region', { name: 'Changes waiting for review' });
    await user.click(within(panel).getByRole('button', { name: 'Publish changes' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Publish changes',
      }),
    );
    expect(await within(panel).findByText('The link to /blog/gone goes nowhere')).toBeVisible();
    const anyway = within(panel).getByRole('button', { name: 'Publish anyway' });
    expect(anyway).toBeDisabled();
    await user.type(
      within(panel).getByLabelText('Reason to publish anyway'),
      'The linked post goes live tomorrow',
    );
    await user.click(anyway);
    expect(await screen.findByText('Changes published')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/publish')).at(-1)?.body).toEqual({
      override: { reason: 'The linked post goes live tomorrow' },
    });
  });

  it('discards them after asking', async () => {
    const { calls } = mockApi(
      routes('owner', {
        'DELETE /api/admin/posts/7/pending-revision': {
          body: { message: 'The changes waiting for review were discarded' },
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    const panel = await screen.findByRole('region', { name: 'Changes waiting for review' });
    await user.click(within(panel).getByRole('button', { name: 'Discard' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    expect(await screen.findByText('Changes discarded')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(screen.getByLabelText('Title')).toHaveValue(live.title);
  });

  it('shows a writer the diff with no Publish changes or Discard, and the editor holds the changes', async () => {
    mockApi(routes('support'));
    renderApp('/admin/posts/7');
    const panel = await screen.findByRole('region', { name: 'Changes waiting for review' });
    expect(panel.querySelector('ol ins')).toHaveTextContent('Added: The new line.');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue(pending.snapshot.title);
    // Nothing that changes the live post at once.
    for (const name of ['Delete', 'Unpublish', 'Publish', 'Schedule'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    const revisions = await screen.findByRole('list', { name: 'Revisions' });
    expect(within(revisions).getByRole('button', { name: /^Compare/ })).toBeInTheDocument();
    expect(within(revisions).queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
  });

  it("keeps a writer's save of a published post for review, and shows it waiting", async () => {
    let waiting: PostPendingRevision | null = null;
    const { calls } = mockApi(
      routes('support', {
        'GET /api/admin/posts/7/pending-revision': () => ({ body: { pendingRevision: waiting } }),
        'PATCH /api/admin/posts/7': () => {
          waiting = { ...pending, fields: ['title'], snapshot: { ...live, title: 'A new title' } };
          return {
            status: 202,
            body: {
              message: 'Your changes wait for review',
              type: 'pending_review',
              pendingRevision: waiting,
            },
          };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    const title = await screen.findByLabelText('Title');
    expect(screen.queryByRole('region', { name: 'Changes waiting for review' })).toBeNull();
    await user.clear(title);
    await user.type(title, 'A new title');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sent for review')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ title: 'A new title' });
    const panel = await screen.findByRole('region', { name: 'Changes waiting for review' });
    expect(within(panel).getByRole('definition').querySelector('ins')).toHaveTextContent(
      'A new title',
    );
    expect(screen.getByLabelText('Title')).toHaveValue('A new title');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });
});
