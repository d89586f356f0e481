import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { adminPost, postPage } from './post-fixtures';
import { scheduleTimeOf } from './post-status-actions';

/** A draft whose SEO is fine: its title and excerpt are of good lengths and its body clean. */
const draft = adminPost({
  title: 'Planning a content calendar that lasts',
  excerpt:
    'A content calendar that survives a busy quarter: the goals, the cadence and the review that keep it alive.',
  content: '## Start with the goal\n\nRead [the pricing](/pricing).\n',
});

function routes(post = draft, extra: Record<string, unknown> = {}) {
  return {
    'GET /api/admin/posts': postPage([post]),
    'GET /api/admin/posts/7': { body: post },
    'GET /api/admin/posts/7/revisions': { body: { items: [] } },
    ...extra,
  };
}

describe('post status actions (issue 23)', () => {
  it('publishes after asking, with no override when the checks find nothing blocking', async () => {
    const { calls } = mockApi(
      routes(draft, {
        'POST /api/admin/posts/7/publish': {
          body: { ...draft, status: 'published', publishedAt: '2026-11-27T08:00:00.000Z' },
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    expect(await screen.findByText('No problems found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Post published')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/publish'))?.body).toEqual({});
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
  });

  it('stops Publish on a blocking problem unless published anyway with a reason', async () => {
    const broken = {
      ...draft,
      content: '## Start\n\n![](/images/chart.png)\n\nSee [the old post](/blog/gone).\n',
    };
    const { calls } = mockApi(
      routes(broken, {
        'POST /api/admin/posts/7/publish': { body: { ...broken, status: 'published' } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    const problems = await screen.findByRole('list', { name: 'SEO problems' });
    expect(within(problems).getAllByText('Blocks publishing:')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Publish anyway…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish despite problems?' });
    const confirm = within(dialog).getByRole('button', { name: 'Publish anyway' });
    expect(confirm).toBeDisabled();
    const reason = within(dialog).getByLabelText('Reason to publish anyway');
    await user.type(reason, 'Because');
    await user.click(confirm);
    expect(reason).toHaveAccessibleDescription(
      'Give the reason for publishing past the checks in 10 to 500 characters',
    );
    expect(calls.some((call) => call.path.endsWith('/publish'))).toBe(false);
    await user.type(reason, ': the chart is decorative');
    await user.click(confirm);
    expect(await screen.findByText('Post published')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/publish'))?.body).toEqual({
      override: { reason: 'Because: the chart is decorative' },
    });
  });

  it("lists the problems of the API's 422 when it refuses a publish", async () => {
    mockApi(
      routes(draft, {
        'POST /api/admin/posts/7/publish': {
          status: 422,
          body: {
            message: 'The post has blocking SEO problems',
            problems: [
              {
                code: 'internal_link_broken',
                blocking: true,
                line: 3,
                message: 'The link to /pricing goes nowhere',
              },
            ],
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    await screen.findByText('No problems found.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish now' }),
    );
    expect(await screen.findByText('Publishing failed')).toBeInTheDocument();
    // The dialog now names the problem and asks for a reason to publish anyway.
    const dialog = await screen.findByRole('dialog', { name: 'Publish despite problems?' });
    expect(within(dialog).getByText('The link to /pricing goes nowhere')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const problems = await screen.findByRole('list', { name: 'SEO problems' });
    expect(within(problems).getByText(/The link to \/pricing goes nowhere/)).toBeInTheDocument();
    expect(
      screen.getByText('As the API found them when it refused to publish.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish anyway…' })).toBeEnabled();
  });

  it('schedules at the chosen local time, sent as ISO 8601 with its offset', async () => {
    const { calls } = mockApi(
      routes(draft, {
        'POST /api/admin/posts/7/schedule': {
          body: { ...draft, status: 'scheduled', scheduledAt: '2027-01-04T09:00:00.000Z' },
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    await user.click(await screen.findByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule the post' });
    await user.type(within(dialog).getByLabelText('Publish at'), '2027-01-04T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Post scheduled')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/schedule'))?.body).toEqual({
      at: '2027-01-04T09:00:00Z',
    });
    expect(await screen.findByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
  });

  it('deletes after asking, and goes back to the list', async () => {
    mockApi(routes(draft, { 'DELETE /api/admin/posts/7': { body: { message: 'Post deleted' } } }));
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete permanently',
      }),
    );
    expect(await screen.findByText('Deleted permanently')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/^\/admin\/posts$/),
    );
  });

  it('turns a datetime-local value into ISO 8601 with the offset of its zone', () => {
    expect(scheduleTimeOf('2027-01-04T09:00')).toMatch(/^2027-01-04T09:00:00(Z|[+-]\d\d:\d\d)$/);
    expect(scheduleTimeOf('')).toBeNull();
  });
});

describe('revisions (issue 23)', () => {
  it('lists who saved over each revision, compares one and restores it', async () => {
    const revision = {
      id: '8d3c6f3e-5b1a-4c1e-9b57-2b8f8d1c0a11',
      postId: 7,
      snapshot: {
        ...draft,
        title: 'An older title',
        content: '## Start with the goal\n\nAn older line.\n',
      },
      actor: { kind: 'staff', id: 'u2', label: 'Grace Hopper' },
      createdAt: '2026-11-26T09:30:00.000Z',
    };
    const restored = { ...draft, ...revision.snapshot };
    const { calls } = mockApi(
      routes(draft, {
        'GET /api/admin/posts/7/revisions': { body: { items: [revision] } },
        [`POST /api/admin/posts/7/revisions/${revision.id}/restore`]: { body: restored },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    const list = await screen.findByRole('list', { name: 'Revisions' });
    expect(
      within(list).getByText('Nov 26, 2026 09:30, saved over by Grace Hopper'),
    ).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /^Compare/ }));
    const compare = await screen.findByRole('dialog', { name: 'Compare with the editor' });
    expect(within(compare).getByText('Other fields that differ: Title.')).toBeInTheDocument();
    expect(compare.querySelector('del')).toHaveTextContent('Removed: An older line.');
    expect(compare.querySelector('ins')).toHaveTextContent('Added: Read [the pricing](/pricing).');
    await user.keyboard('{Escape}');

    await user.click(within(list).getByRole('button', { name: /^Restore/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }),
    );
    expect(await screen.findByText('Revision restored')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/restore'))).toBe(true);
    expect(screen.getByLabelText('Title')).toHaveValue('An older title');
  });
});
