import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { markdownImage } from './alt-text-dialog';
import { adminPost, postPage } from './post-fixtures';

const post = adminPost({ content: 'First line.\nLast line.' });
const uploaded = {
  id: 'img1',
  width: 1600,
  height: 900,
  src: '/api/post-images/img1-1600x900-1600.webp',
  variants: [],
};

function routes(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/admin/posts': postPage([post]),
    'GET /api/admin/posts/7': { body: post },
    'GET /api/admin/posts/7/revisions': { body: { items: [] } },
    'GET /api/admin/posts/7/preview-links': { body: { items: [] } },
    ...extra,
  };
}

describe('post images and preview links (issue 23)', () => {
  it('uploads an image into the body at the cursor, asking its alt text first', async () => {
    const { calls } = mockApi(
      routes({ 'POST /api/admin/post-images': { status: 201, body: uploaded } }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    const body = (await screen.findByLabelText('Body (markdown)')) as HTMLTextAreaElement;
    // The cursor at the start of the second line.
    body.setSelectionRange(12, 12);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'chart.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload image'), file);
    const dialog = await screen.findByRole('dialog', { name: 'Describe the image' });
    await user.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    expect(
      within(dialog).getByText('Describe the image for readers who cannot see it'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Alt text'), 'Traffic by month');
    await user.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    expect(body).toHaveValue(`First line.\n![Traffic by month](${uploaded.src})Last line.`);
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/api/admin/post-images'),
    ).toBe(true);
  });

  it('uploads a featured image into its field', async () => {
    mockApi(routes({ 'POST /api/admin/post-images': { status: 201, body: uploaded } }));
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    const file = new File([new Uint8Array([255, 216, 255])], 'hero.jpg', { type: 'image/jpeg' });
    await user.upload(await screen.findByLabelText('Upload featured image'), file);
    expect(await screen.findByDisplayValue(uploaded.src)).toHaveAccessibleName(
      'Featured image (optional)',
    );
  });

  it('escapes brackets in the alt text', () => {
    expect(markdownImage('A [draft] chart', '/x.webp')).toBe('![A \\[draft\\] chart](/x.webp)');
  });

  it('shows a preview link with its expiry, to copy or open', async () => {
    const url = 'https://wordloom.test/blog/preview/abc.def';
    mockApi(
      routes({
        'POST /api/admin/posts/7/preview-link': {
          body: { id: 'l1', url, expiresAt: '2026-11-28T09:30:00.000Z' },
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    await user.click(await screen.findByRole('button', { name: 'Preview link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview link' });
    expect(within(dialog).getByLabelText('Link')).toHaveValue(url);
    expect(within(dialog).getByText('Works until Nov 28, 2026 09:30.')).toBeInTheDocument();
    const open = within(dialog).getByRole('link', { name: 'Open preview' });
    expect(open).toHaveAttribute('href', url);
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);
  });
});
