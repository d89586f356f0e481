import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, staffUser } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { webhookEndpoint } from '../../../test/webhook-fixtures';
// Loaded before the tests, so that the section's lazy import does not race their waits
// on a busy machine.
import './integrations-page';
import './delivery-log-page';

/*
 * Issue 34: the Integrations section and its delivery logs need webhooks:manage.
 * The console only hides them (the API refuses the routes to anyone else).
 */

const support = staffUser('support');
/** A custom role that holds webhooks:manage and nothing else. */
const integrator = {
  body: {
    ...support.body,
    role: { id: 'role-integrator', key: null, name: 'Integrator' },
    permissions: ['webhooks:manage'],
  },
};

function api(user: { body: unknown }) {
  return mockApi({
    'GET /api/user': user,
    'GET /api/analytics/dashboard': { status: 500, body: { message: 'not needed here' } },
    'GET /api/admin/waitlist': { body: { items: [], total: 0, page: 1, pageSize: 20 } },
    'GET /api/admin/waitlist/sources': { body: { sources: [], total: 0 } },
    'GET /api/admin/beta/participants': {
      body: {
        participants: [],
        cap: 100,
        seats: { held: 0, free: 100, cap: 100, expiringSoon: [] },
      },
    },
    'GET /api/admin/webhooks': { body: { items: [webhookEndpoint()] } },
    'GET /api/admin/webhooks/w1/deliveries': { body: { items: [], nextCursor: null } },
  });
}

const navLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Admin sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('who sees the Integrations section', () => {
  it('hides it from a role without webhooks:manage, at its address and its delivery logs', async () => {
    const { calls } = api(support);
    const { unmount } = renderApp('/admin/integrations');
    expect(await navLinks()).not.toContain('Integrations');
    expect(
      await screen.findByRole('link', { name: 'Waitlist', current: 'page' }),
    ).toBeInTheDocument();
    unmount();
    renderApp('/admin/integrations/w1');
    expect(
      await screen.findByRole('link', { name: 'Waitlist', current: 'page' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Delivery log' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/admin/webhooks'))).toBe(false);
  });

  it('shows it to a role holding webhooks:manage alone', async () => {
    api(integrator);
    const { unmount } = renderApp('/admin');
    expect(await navLinks()).toEqual(['Integrations', 'Security']);
    expect(await screen.findByRole('heading', { name: 'Integrations' })).toBeInTheDocument();
    unmount();
    renderApp('/admin/integrations/w1');
    expect(await screen.findByRole('heading', { name: 'Delivery log' })).toBeInTheDocument();
  });
});
