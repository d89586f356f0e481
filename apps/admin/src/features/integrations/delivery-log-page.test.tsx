import { WEBHOOK_MESSAGES } from '@repo/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { subHours } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import {
  webhookDelivery,
  webhookDeliveryDetail,
  webhookEndpoint,
} from '../../../test/webhook-fixtures';
import { INTEGRATION_TEXTS } from './integration-texts';
// Loaded before the tests, so that the section's lazy import does not race their waits
// on a busy machine.
import './delivery-log-page';

type Table = Parameters<typeof mockApi>[0];

/** The console at /admin/integrations/w1 (the delivery log of the CRM endpoint). */
function renderLog(table: Table, route = '/admin/integrations/w1') {
  const api = mockApi({
    'GET /api/analytics/dashboard': { status: 500, body: { message: 'not needed here' } },
    'GET /api/admin/webhooks': { body: { items: [webhookEndpoint()] } },
    ...table,
  });
  renderApp(route);
  return api;
}

const reads = (calls: RecordedCall[], prefix: string) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith(prefix)).map((c) => c.path);

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe("an endpoint's delivery log (issue 34)", () => {
  it('lists deliveries: event, state, attempts, last status, duration, time', async () => {
    renderLog({
      'GET /api/admin/webhooks/w1/deliveries': {
        body: {
          items: [
            webhookDelivery(),
            webhookDelivery({
              id: 'd2',
              event: 'beta.invited',
              state: 'failed',
              attempts: 8,
              lastStatus: 503,
              lastDurationMs: 15000,
              createdAt: '2026-11-27T07:00:00.000Z',
            }),
            webhookDelivery({
              id: 'd3',
              event: 'person.erased',
              state: 'pending',
              attempts: 0,
              lastStatus: null,
              lastDurationMs: null,
            }),
          ],
          nextCursor: null,
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Delivery log' })).toBeInTheDocument();
    expect(screen.getByText(/https:\/\/crm\.example\.com\/hooks\/wordloom/)).toBeInTheDocument();
    const signedUp = await rowOf('Someone joined the waitlist');
    expect(signedUp).toHaveTextContent('Succeeded');
    expect(within(signedUp).getByText('200')).toBeInTheDocument();
    expect(within(signedUp).getByText('84 ms')).toBeInTheDocument();
    expect(within(signedUp).getAllByText('Nov 28, 2026 09:30').length).toBeGreaterThan(0);
    const invited = await rowOf('Someone was invited to the beta');
    expect(invited).toHaveTextContent('Failed');
    expect(within(invited).getByText('8')).toBeInTheDocument();
    expect(within(invited).getByText('503')).toBeInTheDocument();
    expect(within(invited).getByText('15000 ms')).toBeInTheDocument();
    const erased = await rowOf('A person was erased (ids only)');
    expect(erased).toHaveTextContent('Pending');
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  it('loads older deliveries with the cursor the last page gave, until there are none', async () => {
    const { calls } = renderLog({
      'GET /api/admin/webhooks/w1/deliveries': (call) =>
        call.path.includes('before=c1')
          ? {
              body: {
                items: [webhookDelivery({ id: 'd9', event: 'post.published' })],
                nextCursor: null,
              },
            }
          : { body: { items: [webhookDelivery()], nextCursor: 'c1' } },
    });
    const user = userEvent.setup();
    await rowOf('Someone joined the waitlist');
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    expect(await rowOf('A blog post was published')).toBeInTheDocument();
    expect(screen.getByText('Someone joined the waitlist')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull());
    expect(reads(calls, '/api/admin/webhooks/w1/deliveries')).toEqual([
      '/api/admin/webhooks/w1/deliveries',
      '/api/admin/webhooks/w1/deliveries?before=c1',
    ]);
  });

  it('filters by state', async () => {
    const { calls } = renderLog({
      'GET /api/admin/webhooks/w1/deliveries': (call) =>
        call.path.includes('state=failed')
          ? { body: { items: [], nextCursor: null } }
          : { body: { items: [webhookDelivery()], nextCursor: null } },
    });
    const user = userEvent.setup();
    await rowOf('Someone joined the waitlist');
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    expect(await screen.findByText(INTEGRATION_TEXTS.noDeliveriesInState)).toBeInTheDocument();
    expect(reads(calls, '/api/admin/webhooks/w1/deliveries')).toContain(
      '/api/admin/webhooks/w1/deliveries?state=failed',
    );
  });

  it("opens a delivery's detail: the payload, each attempt's status, duration, answer and error", async () => {
    renderLog({
      'GET /api/admin/webhooks/w1/deliveries': {
        body: { items: [webhookDelivery({ state: 'failed' })], nextCursor: null },
      },
      'GET /api/admin/webhooks/w1/deliveries/d1': { body: webhookDeliveryDetail() },
    });
    const user = userEvent.setup();
    const row = await rowOf('Someone joined the waitlist');
    await user.click(within(row).getByRole('button', { name: /^Details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone joined the waitlist' });
    expect(dialog).toHaveTextContent('msg_2p5Yk0f1');
    const payload = await within(dialog).findByText(/"email": "ada@example.com"/);
    expect(payload.tagName).toBe('PRE');
    const attempts = within(dialog).getAllByRole('listitem');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toHaveTextContent('Attempt 1');
    expect(attempts[0]).toHaveTextContent('No answer');
    expect(attempts[0]).toHaveTextContent('15000 ms');
    expect(attempts[0]).toHaveTextContent('timed out after 15 s');
    expect(attempts[1]).toHaveTextContent('Status 500');
    expect(attempts[1]).toHaveTextContent('1200 ms');
    expect(attempts[1]).toHaveTextContent('{"error":"database unavailable"}');
  });

  it('says a payload was removed by an erasure', async () => {
    renderLog({
      'GET /api/admin/webhooks/w1/deliveries': {
        body: { items: [webhookDelivery()], nextCursor: null },
      },
      'GET /api/admin/webhooks/w1/deliveries/d1': {
        body: webhookDeliveryDetail({ payload: null }),
      },
    });
    const user = userEvent.setup();
    const row = await rowOf('Someone joined the waitlist');
    await user.click(within(row).getByRole('button', { name: /^Details/ }));
    expect(await screen.findByText(INTEGRATION_TEXTS.payloadErased)).toBeInTheDocument();
  });

  it('resends one delivery from its detail and refreshes the log', async () => {
    const { calls } = renderLog({
      'GET /api/admin/webhooks/w1/deliveries': {
        body: { items: [webhookDelivery({ state: 'failed' })], nextCursor: null },
      },
      'GET /api/admin/webhooks/w1/deliveries/d1': { body: webhookDeliveryDetail() },
      'POST /api/admin/webhooks/w1/deliveries/d1/resend': {
        status: 202,
        body: { message: WEBHOOK_MESSAGES.resent },
      },
    });
    const user = userEvent.setup();
    const row = await rowOf('Someone joined the waitlist');
    await user.click(within(row).getByRole('button', { name: /^Details/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.resent)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/webhooks/w1/deliveries/d1/resend',
    ]);
    await waitFor(() =>
      expect(reads(calls, '/api/admin/webhooks/w1/deliveries')).toEqual([
        '/api/admin/webhooks/w1/deliveries',
        '/api/admin/webhooks/w1/deliveries/d1',
        '/api/admin/webhooks/w1/deliveries',
        '/api/admin/webhooks/w1/deliveries/d1',
      ]),
    );
  });

  it('resends the failed deliveries since a time, 24 hours ago unless changed', async () => {
    const { calls } = renderLog({
      'GET /api/admin/webhooks/w1/deliveries': { body: { items: [], nextCursor: null } },
      'POST /api/admin/webhooks/w1/resend-failed': {
        status: 202,
        body: { queued: 3, message: WEBHOOK_MESSAGES.resentSince(3) },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText(INTEGRATION_TEXTS.noDeliveries)).toBeInTheDocument();
    const input = screen.getByLabelText('Resend failed deliveries since');
    const shown = new Date((input as HTMLInputElement).value).getTime();
    // The field shows minutes: within one of 24 hours ago.
    expect(Math.abs(shown - subHours(new Date(), 24).getTime())).toBeLessThan(120_000);
    await user.click(screen.getByRole('button', { name: 'Resend failed' }));
    expect(await screen.findByText('3 failed deliveries queued again')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'POST')?.body as { since: string };
    expect(Date.parse(body.since)).toBe(shown);
  });

  it("shows the API's refusal of the time on its field, and refuses an empty one itself", async () => {
    const { calls } = renderLog({
      'GET /api/admin/webhooks/w1/deliveries': { body: { items: [], nextCursor: null } },
      'POST /api/admin/webhooks/w1/resend-failed': {
        status: 400,
        body: {
          message: WEBHOOK_MESSAGES.since,
          issues: [{ path: 'since', message: WEBHOOK_MESSAGES.since }],
        },
      },
    });
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Resend failed deliveries since');
    await user.clear(input);
    await user.type(input, '2020-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Resend failed' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(WEBHOOK_MESSAGES.since));
    await user.clear(input);
    expect(input).not.toHaveAccessibleDescription(WEBHOOK_MESSAGES.since);
    await user.click(screen.getByRole('button', { name: 'Resend failed' }));
    expect(input).toHaveAccessibleDescription(WEBHOOK_MESSAGES.since);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('sends a test event and reads the log again', async () => {
    let items = [] as ReturnType<typeof webhookDelivery>[];
    const { calls } = renderLog({
      'GET /api/admin/webhooks/w1/deliveries': () => ({ body: { items, nextCursor: null } }),
      'POST /api/admin/webhooks/w1/test': () => {
        items = [webhookDelivery({ state: 'pending', attempts: 0, lastStatus: null })];
        return { status: 202, body: { message: WEBHOOK_MESSAGES.testSent } };
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText(INTEGRATION_TEXTS.noDeliveries)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.testSent)).toBeInTheDocument();
    expect(await rowOf('Someone joined the waitlist')).toHaveTextContent('Pending');
    expect(calls.some((call) => call.path === '/api/admin/webhooks/w1/test')).toBe(true);
  });

  it('says so when the endpoint does not exist, with the way back', async () => {
    renderLog({}, '/admin/integrations/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent(WEBHOOK_MESSAGES.notFound);
    expect(screen.getByRole('link', { name: 'All endpoints' })).toHaveAttribute(
      'href',
      '/admin/integrations',
    );
  });
});
