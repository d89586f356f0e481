import type { PostPreviewLinkRecord } from '@repo/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, staffUser } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { adminPost, postPage } from './post-fixtures';

/*
 * Issue 31: the post's page lists its preview links (who made each, when, until
 * when, whether it opens) with Revoke after a confirmation; an account without
 * posts:write sees the list but neither Revoke nor the Preview link button.
 */

const post = adminPost();
const LINKS = '/api/admin/posts/7/preview-links';

function record(overrides: Partial<PostPreviewLinkRecord> = {}): PostPreviewLinkRecord {
  return {
    id: 'l1',
    postId: 7,
    createdBy: { kind: 'staff', label: 'grace' },
    createdAt: '2026-11-27T10:00:00.000Z',
    expiresAt: '2026-11-28T10:00:00.000Z',
    revokedAt: null,
    revokedBy: null,
    status: 'active',
    ...overrides,
  };
}

const active = record();
const byKey = record({
  id: 'l2',
  createdBy: { kind: 'api_key', label: 'API key 522d960d9669afcb' },
  createdAt: '2026-11-26T08:00:00.000Z',
  status: 'creator_disabled',
});
const revoked = record({
  id: 'l3',
  createdAt: '2026-11-25T08:00:00.000Z',
  revokedAt: '2026-11-25T09:15:00.000Z',
  revokedBy: { kind: 'staff', label: 'admin' },
  status: 'revoked',
});
const expired = record({
  id: 'l4',
  createdAt: '2026-11-20T08:00:00.000Z',
  expiresAt: '2026-11-21T08:00:00.000Z',
  status: 'expired',
});

function routes(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/admin/posts': postPage([post]),
    'GET /api/admin/posts/7': { body: post },
    'GET /api/admin/posts/7/revisions': { body: { items: [] } },
    [`GET ${LINKS}`]: { body: { items: [active, byKey, revoked, expired] } },
    ...extra,
  };
}

describe('the preview links panel', () => {
  it('lists who made each link, when, until when and whether it opens', async () => {
    mockApi(routes());
    renderApp('/admin/posts/7');
    // The file's first render also loads the lazy posts page: on a busy machine, past 5 s.
    const list = await screen.findByRole('list', { name: 'Preview links' }, { timeout: 20_000 });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'WorksMade by grace on Nov 27, 2026 10:00Expires Nov 28, 2026 10:00Revoke',
      'Creator disabledMade by API key 522d960d9669afcb on Nov 26, 2026 08:00Expires Nov 28, 2026 10:00Revoke',
      'RevokedMade by grace on Nov 25, 2026 08:00Revoked Nov 25, 2026 09:15 by admin',
      'ExpiredMade by grace on Nov 20, 2026 08:00Expired Nov 21, 2026 08:00',
    ]);
    // Never the link itself: only its maker was shown it, once.
    expect(list.textContent).not.toContain('/blog/preview/');
  });

  it('revokes a link only after a confirmation, then reads the list again', async () => {
    let items = [active];
    const { calls } = mockApi(
      routes({
        [`GET ${LINKS}`]: () => ({ body: { items } }),
        [`DELETE ${LINKS}/l1`]: () => {
          items = [record({ status: 'revoked', revokedAt: '2026-11-27T11:00:00.000Z' })];
          return { body: items[0] };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    const list = await screen.findByRole('list', { name: 'Preview links' });
    await user.click(
      within(list).getByRole('button', {
        name: 'Revoke the link grace made on Nov 27, 2026 10:00, expiring Nov 28, 2026 10:00',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this preview link?' });
    // Cancel first: nothing is sent.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(list).getByRole('button', { name: /^Revoke the link/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke link' }),
    );
    expect(await screen.findByText('Preview link revoked')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `${LINKS}/l1`,
    ]);
    await waitFor(() => expect(within(list).getByText('Revoked')).toBeInTheDocument());
    expect(within(list).queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  it('says so when a revoke fails, and reads the list again', async () => {
    const { calls } = mockApi(
      routes({
        [`GET ${LINKS}`]: { body: { items: [active] } },
        [`DELETE ${LINKS}/l1`]: {
          status: 409,
          body: { message: 'This preview link is already revoked', type: 'already_revoked' },
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    const list = await screen.findByRole('list', { name: 'Preview links' });
    await user.click(within(list).getByRole('button', { name: /^Revoke the link/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke link' }),
    );
    expect(await screen.findByText('Revoke failed')).toBeInTheDocument();
    expect(screen.getByText('This preview link is already revoked')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === LINKS).length).toBeGreaterThanOrEqual(2),
    );
  });

  it('adds a new link to the list once made', async () => {
    let items: PostPreviewLinkRecord[] = [];
    mockApi(
      routes({
        'GET /api/user': staffUser('support'),
        [`GET ${LINKS}`]: () => ({ body: { items } }),
        'POST /api/admin/posts/7/preview-link': () => {
          items = [active];
          return {
            body: {
              id: 'l1',
              url: 'https://wordloom.test/blog/preview/l1.sig',
              expiresAt: active.expiresAt,
            },
          };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/posts/7');
    expect(await screen.findByText('No preview links made for this post.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview link' }));
    await screen.findByRole('dialog', { name: 'Preview link' });
    await user.keyboard('{Escape}');
    const list = await screen.findByRole('list', { name: 'Preview links' });
    expect(within(list).getByText('Made by grace on Nov 27, 2026 10:00')).toBeInTheDocument();
  });

  it('shows a Viewer the list, without Revoke nor the Preview link button', async () => {
    const { calls } = mockApi(routes({ 'GET /api/user': staffUser('viewer') }));
    renderApp('/admin/posts/7');
    const list = await screen.findByRole('list', { name: 'Preview links' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview link' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });
});
