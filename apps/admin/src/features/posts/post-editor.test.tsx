import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, staffUser } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { adminPost, postPage } from './post-fixtures';

const published = adminPost({
  id: 3,
  title: 'Launch notes',
  slug: 'launch-notes',
  status: 'published',
  publishedAt: '2026-11-01T12:00:00.000Z',
});

/** The Idempotency-Key header of each POST /api/admin/posts the console sent. */
function idempotencyKeys(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => {
      const method = (init as RequestInit | undefined)?.method;
      return String(url).endsWith('/api/admin/posts') && method === 'POST';
    })
    .map(([, init]) => new Headers((init as RequestInit).headers).get('idempotency-key') ?? '');
}

async function fillNewPost(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Title'), 'Café, SEO & You!');
  await user.type(screen.getByLabelText('Excerpt'), 'Why accents and ampersands make good slugs.');
  await user.type(screen.getByLabelText('Category'), 'Guides');
  await user.type(screen.getByLabelText('Tags'), 'SEO, Slugs, SEO');
  await user.type(screen.getByLabelText('Author'), 'Maya Okafor');
}

describe('post editor (issue 23)', () => {
  it('makes the slug from the title until the slug is edited by hand', async () => {
    mockApi({ 'GET /api/admin/posts': postPage([]) });
    const user = userEvent.setup();
    renderApp('/admin/posts/new');
    await user.type(await screen.findByLabelText('Title'), 'Café, SEO & You!');
    const slug = screen.getByLabelText('Slug');
    expect(slug).toHaveValue('cafe-seo-you');
    await user.clear(slug);
    await user.type(slug, 'my-own-slug');
    await user.type(screen.getByLabelText('Title'), ' Again');
    expect(slug).toHaveValue('my-own-slug');
  });

  it('renders the body live with the site pipeline: a heading and a link', async () => {
    mockApi({ 'GET /api/admin/posts': postPage([]) });
    const user = userEvent.setup();
    renderApp('/admin/posts/new');
    const body = await screen.findByLabelText('Body (markdown)');
    await user.click(body);
    await user.paste('# Big idea\n\nRead [the pricing](/pricing).');
    const preview = screen.getByTestId('post-preview');
    // The site's post title is the page's h1: a post's own h1 renders as an h2.
    expect(
      await within(preview).findByRole('heading', { level: 2, name: 'Big idea' }),
    ).toBeInTheDocument();
    expect(within(preview).getByRole('link', { name: 'the pricing' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(preview).toHaveClass('post-content');
  });

  it('creates a draft with an Idempotency-Key, and retries with the same key', async () => {
    let attempts = 0;
    const { calls, fetchMock } = mockApi({
      'GET /api/admin/posts': postPage([]),
      'POST /api/admin/posts': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 503, body: { message: 'Service unavailable' } }
          : { status: 201, body: adminPost({ id: 42, title: 'Café, SEO & You!' }) };
      },
      'GET /api/admin/posts/42': { body: adminPost({ id: 42, title: 'Café, SEO & You!' }) },
      'GET /api/admin/posts/42/revisions': { body: { items: [] } },
    });
    const user = userEvent.setup();
    renderApp('/admin/posts/new');
    await fillNewPost(user);
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Saving failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Post created')).toBeInTheDocument();

    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts[1]!.body).toEqual({
      title: 'Café, SEO & You!',
      excerpt: 'Why accents and ampersands make good slugs.',
      category: 'Guides',
      tags: ['SEO', 'Slugs'],
      author: 'Maya Okafor',
    });
    const keys = idempotencyKeys(fetchMock);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/admin/posts/42'),
    );
  });

  it('checks the fields before sending anything', async () => {
    const { calls } = mockApi({ 'GET /api/admin/posts': postPage([]) });
    const user = userEvent.setup();
    renderApp('/admin/posts/new');
    await user.type(await screen.findByLabelText('Author email (optional)'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Please give the post a title')).toBeInTheDocument();
    expect(screen.getByLabelText('Author email (optional)')).toHaveAccessibleDescription(
      "The author's email must be a valid email address",
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('saves only the changed fields, and an emptied optional field as null', async () => {
    const post = adminPost({ authorEmail: 'ada@example.com' });
    const { calls } = mockApi({
      'GET /api/admin/posts': postPage([post]),
      'GET /api/admin/posts/7': { body: post },
      'GET /api/admin/posts/7/revisions': { body: { items: [] } },
      'PATCH /api/admin/posts/7': ({ body }) => ({
        body: { ...post, ...(body as object), authorEmail: null },
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    const title = await screen.findByLabelText('Title');
    await user.type(title, ' for 2027');
    await user.clear(screen.getByLabelText('Author email (optional)'));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Post saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      title: 'Planning a content calendar for 2027',
      authorEmail: null,
    });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
  });

  it("shows the API's refusal beside the field it names", async () => {
    const post = adminPost();
    mockApi({
      'GET /api/admin/posts': postPage([post]),
      'GET /api/admin/posts/7': { body: post },
      'GET /api/admin/posts/7/revisions': { body: { items: [] } },
      'PATCH /api/admin/posts/7': {
        status: 409,
        body: {
          message: 'Another post already uses the slug “launch-notes”: choose another one',
          type: 'slug_taken',
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    const slug = await screen.findByLabelText('Slug');
    await user.clear(slug);
    await user.type(slug, 'launch-notes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(slug).toHaveAccessibleDescription(
        expect.stringContaining('Another post already uses the slug “launch-notes”'),
      ),
    );
    expect(slug).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before leaving unsaved changes, and stays when asked to', async () => {
    const post = adminPost();
    mockApi({
      'GET /api/admin/posts': postPage([post]),
      'GET /api/admin/posts/7': { body: post },
      'GET /api/admin/posts/7/revisions': { body: { items: [] } },
    });
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    await user.type(await screen.findByLabelText('Excerpt'), ' More.');
    await user.click(screen.getByRole('link', { name: '← All posts' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/admin/posts/7');
    await user.click(screen.getByRole('link', { name: '← All posts' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/^\/admin\/posts$/),
    );
  });
});

describe('post editor permissions (issue 23)', () => {
  const routes = (user: ReturnType<typeof staffUser>) => ({
    'GET /api/user': user,
    'GET /api/admin/posts': postPage([published]),
    'GET /api/admin/posts/3': { body: published },
    'GET /api/admin/posts/3/revisions': { body: { items: [] } },
  });

  it('shows an Owner save, unpublish and delete on a published post', async () => {
    mockApi(routes(staffUser('owner')));
    renderApp('/admin/posts/3');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('shows Support (posts:write, not posts:publish) Save on a published post, no Delete and no status change (issue 31)', async () => {
    mockApi(routes(staffUser('support')));
    renderApp('/admin/posts/3');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Schedule/ })).not.toBeInTheDocument();
  });

  it('shows Support Delete on a draft', async () => {
    const draft = { ...published, status: 'draft' as const, publishedAt: null };
    mockApi({ ...routes(staffUser('support')), 'GET /api/admin/posts/3': { body: draft } });
    renderApp('/admin/posts/3');
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('shows a Viewer the post read-only: no button that changes it', async () => {
    mockApi(routes(staffUser('viewer')));
    renderApp('/admin/posts/3');
    expect(await screen.findByLabelText('Title')).toBeDisabled();
    for (const name of ['Save', 'Publish', 'Unpublish', 'Delete', 'Schedule'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('sends a Viewer who opens /admin/posts/new back to the console', async () => {
    mockApi({ ...routes(staffUser('viewer')) });
    renderApp('/admin/posts/new');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' })).not.toHaveTextContent('/new'),
    );
  });
});
