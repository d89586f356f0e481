import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from '@repo/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import {
  WEBHOOK_SECRET,
  webhookEndpoint,
  webhookEndpointWithSecret,
} from '../../../test/webhook-fixtures';
import { INTEGRATION_TEXTS } from './integration-texts';
// Loaded before the tests, so that the section's lazy import does not race their waits
// on a busy machine.
import './integrations-page';

type Table = Parameters<typeof mockApi>[0];

/** The console at /admin/integrations with `table` answering, the stat cards left out. */
function renderIntegrations(table: Table) {
  const api = mockApi({
    'GET /api/analytics/dashboard': { status: 500, body: { message: 'not needed here' } },
    ...table,
  });
  renderApp('/admin/integrations');
  return api;
}

const card = async (url: string) =>
  (await screen.findByRole('heading', { name: url })).closest('li')!;

async function openMenu(user: UserEvent, name: string) {
  await user.click(await screen.findByRole('button', { name: `More actions for ${name}` }));
  return screen.findByRole('menu');
}

const sent = (calls: RecordedCall[], method: string) =>
  calls.filter((call) => call.method === method);

describe('the Integrations section (issue 34)', () => {
  it('lists each endpoint: kind, URL, description, events, state, failing since, last delivery', async () => {
    renderIntegrations({
      'GET /api/admin/webhooks': {
        body: {
          items: [
            webhookEndpoint(),
            webhookEndpoint({
              id: 'w2',
              kind: 'slack',
              url: 'https://hooks.slack.com/services/T0/B0/x',
              description: '',
              events: [...WEBHOOK_EVENTS],
              enabled: false,
              disabledReason: '410 Gone',
              secretHint: null,
              lastDeliveryAt: null,
            }),
            webhookEndpoint({
              id: 'w3',
              source: 'zapier',
              url: 'https://hooks.zapier.com/hooks/standard/1/abc',
              description: '',
              events: ['beta.invited'],
              failingSince: '2026-11-27T08:00:00.000Z',
            }),
          ],
        },
      },
    });
    const crm = await card('https://crm.example.com/hooks/wordloom');
    expect(within(crm).getByText('Webhook')).toBeInTheDocument();
    expect(within(crm).getByText('CRM sync')).toBeInTheDocument();
    expect(within(crm).getByText('2 events')).toBeInTheDocument();
    expect(within(crm).getByText('Enabled')).toBeInTheDocument();
    expect(within(crm).getByText('Nov 28, 2026 09:30')).toBeInTheDocument();
    expect(within(crm).getByText('whsec_AbCd…')).toBeInTheDocument();
    expect(within(crm).getByRole('link', { name: 'Deliveries of CRM sync' })).toHaveAttribute(
      'href',
      '/admin/integrations/w1',
    );

    const slack = await card('https://hooks.slack.com/services/T0/B0/x');
    expect(within(slack).getByText('Slack')).toBeInTheDocument();
    expect(within(slack).getByText(`${WEBHOOK_EVENTS.length} events`)).toBeInTheDocument();
    expect(within(slack).getByText('Disabled')).toBeInTheDocument();
    expect(within(slack).getByText('Disabled by Wordloom: 410 Gone')).toBeInTheDocument();
    expect(within(slack).getByText('None yet')).toBeInTheDocument();

    const zapier = await card('https://hooks.zapier.com/hooks/standard/1/abc');
    expect(within(zapier).getByText('Zapier')).toBeInTheDocument();
    expect(within(zapier).getByText('1 event')).toBeInTheDocument();
    expect(within(zapier).getByText('Failing')).toBeInTheDocument();
    expect(within(zapier).getByText('Nov 27, 2026 08:00')).toBeInTheDocument();
  });

  it('says so when there is no endpoint yet, and shows a failed load with a retry', async () => {
    let fail = true;
    renderIntegrations({
      'GET /api/admin/webhooks': () =>
        fail ? { status: 500, body: { message: 'Database down' } } : { body: { items: [] } },
    });
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(INTEGRATION_TEXTS.noEndpoints)).toBeInTheDocument();
  });

  it('checks the form with the contract’s messages before sending anything', async () => {
    const { calls } = renderIntegrations({ 'GET /api/admin/webhooks': { body: { items: [] } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByLabelText('URL')).toHaveAccessibleDescription(WEBHOOK_MESSAGES.url);
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.events)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('URL'), 'ftp://example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByLabelText('URL')).toHaveAccessibleDescription(WEBHOOK_MESSAGES.url);
    expect(sent(calls, 'POST')).toEqual([]);
  });

  it('adds an endpoint with the chosen events and shows its secret once, with a copy button', async () => {
    let items = [] as ReturnType<typeof webhookEndpoint>[];
    const { calls } = renderIntegrations({
      'GET /api/admin/webhooks': () => ({ body: { items } }),
      'POST /api/admin/webhooks': () => {
        items = [webhookEndpoint()];
        return { status: 201, body: webhookEndpointWithSecret() };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.type(
      within(dialog).getByLabelText('URL'),
      ' https://crm.example.com/hooks/wordloom ',
    );
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'CRM sync');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    expect(
      within(dialog).getByRole('checkbox', { name: /^A blog post was published/ }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /^A blog post was published/ }));
    expect(within(dialog).getByRole('checkbox', { name: 'Select all' })).toHaveAttribute(
      'data-state',
      'indeterminate',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const shown = await screen.findByRole('dialog', { name: INTEGRATION_TEXTS.newSecretTitle });
    expect(within(shown).getByText(INTEGRATION_TEXTS.newSecretNotice)).toBeInTheDocument();
    expect(within(shown).getByRole('textbox')).toHaveValue(WEBHOOK_SECRET);
    expect(sent(calls, 'POST')[0]?.body).toEqual({
      kind: 'webhook',
      url: 'https://crm.example.com/hooks/wordloom',
      description: 'CRM sync',
      events: WEBHOOK_EVENTS.filter((event) => event !== 'post.published'),
      enabled: true,
    });
    await user.click(within(shown).getByRole('button', { name: 'Copy secret' }));
    expect(await screen.findByText(INTEGRATION_TEXTS.secretCopied)).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(WEBHOOK_SECRET);

    // Once closed, the secret is gone for good: the list shows only its first characters.
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await card('https://crm.example.com/hooks/wordloom');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(WEBHOOK_SECRET)).toBeNull();
    expect(screen.queryByText(WEBHOOK_SECRET)).toBeNull();
    expect(screen.getByText('whsec_AbCd…')).toBeInTheDocument();
  });

  it('adds a Slack endpoint without a secret to show', async () => {
    const { calls } = renderIntegrations({
      'GET /api/admin/webhooks': { body: { items: [] } },
      'POST /api/admin/webhooks': {
        status: 201,
        body: webhookEndpointWithSecret({ kind: 'slack', url: 'https://hooks.slack.com/x' }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.click(within(dialog).getByRole('radio', { name: /^Slack/ }));
    await user.type(within(dialog).getByLabelText('URL'), 'https://hooks.slack.com/x');
    await user.click(
      within(dialog).getByRole('checkbox', { name: /^Someone joined the waitlist/ }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('Endpoint added')).toBeInTheDocument();
    expect(sent(calls, 'POST')[0]?.body).toMatchObject({
      kind: 'slack',
      events: ['waitlist.signed_up'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the API’s field issues on their fields, and any other refusal in the form', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        message: WEBHOOK_MESSAGES.urlPrivate,
        type: 'validation_error',
        issues: [{ path: 'url', message: WEBHOOK_MESSAGES.urlPrivate }],
      },
    };
    renderIntegrations({
      'GET /api/admin/webhooks': { body: { items: [] } },
      'POST /api/admin/webhooks': () => answer,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.type(within(dialog).getByLabelText('URL'), 'https://10.0.0.8/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('URL')).toHaveAccessibleDescription(
        WEBHOOK_MESSAGES.urlPrivate,
      ),
    );
    expect(within(dialog).getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');

    answer = {
      status: 409,
      body: { message: WEBHOOK_MESSAGES.limit, type: 'conflict', issues: [] },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(WEBHOOK_MESSAGES.limit);
    expect(within(dialog).getByLabelText('URL')).not.toHaveAttribute('aria-invalid');
  });

  it('edits an endpoint: its kind fixed, the rest sent as a PATCH', async () => {
    const { calls } = renderIntegrations({
      'GET /api/admin/webhooks': { body: { items: [webhookEndpoint()] } },
      'PATCH /api/admin/webhooks/w1': { body: webhookEndpoint({ description: 'CRM' }) },
    });
    const user = userEvent.setup();
    const menu = await openMenu(user, 'CRM sync');
    await user.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    expect(within(dialog).getByRole('radio', { name: /^Webhook/ })).toBeDisabled();
    expect(within(dialog).getByLabelText('URL')).toHaveValue(
      'https://crm.example.com/hooks/wordloom',
    );
    expect(within(dialog).getByRole('checkbox', { name: /^A waitlist address/ })).toBeChecked();
    await user.clear(within(dialog).getByLabelText('Description (optional)'));
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'CRM');
    await user.click(within(dialog).getByRole('button', { name: 'Save endpoint' }));
    expect(await screen.findByText('Endpoint saved')).toBeInTheDocument();
    expect(sent(calls, 'PATCH')).toEqual([
      {
        method: 'PATCH',
        path: '/api/admin/webhooks/w1',
        body: {
          url: 'https://crm.example.com/hooks/wordloom',
          description: 'CRM',
          events: ['waitlist.signed_up', 'waitlist.confirmed'],
          enabled: true,
        },
      },
    ]);
  });

  it('disables and enables an endpoint from its menu', async () => {
    const { calls } = renderIntegrations({
      'GET /api/admin/webhooks': {
        body: {
          items: [
            webhookEndpoint(),
            webhookEndpoint({ id: 'w2', description: 'Old CRM', enabled: false }),
          ],
        },
      },
      'PATCH /api/admin/webhooks/w2': { body: webhookEndpoint({ id: 'w2', enabled: true }) },
      'PATCH /api/admin/webhooks/w1': (call) => ({
        body: webhookEndpoint({ enabled: (call.body as { enabled: boolean }).enabled }),
      }),
    });
    const user = userEvent.setup();
    const menu = await openMenu(user, 'CRM sync');
    await user.click(within(menu).getByRole('menuitem', { name: 'Disable' }));
    expect(await screen.findByText('Endpoint disabled')).toBeInTheDocument();
    expect(sent(calls, 'PATCH')[0]?.body).toEqual({ enabled: false });
    const menu2 = await openMenu(user, 'Old CRM');
    expect(within(menu2).queryByRole('menuitem', { name: 'Disable' })).toBeNull();
    await user.click(within(menu2).getByRole('menuitem', { name: 'Enable' }));
    expect(await screen.findByText('Endpoint enabled')).toBeInTheDocument();
    expect(sent(calls, 'PATCH')[1]).toMatchObject({
      path: '/api/admin/webhooks/w2',
      body: { enabled: true },
    });
  });

  it('sends a test event from the menu', async () => {
    const { calls } = renderIntegrations({
      'GET /api/admin/webhooks': { body: { items: [webhookEndpoint()] } },
      'POST /api/admin/webhooks/w1/test': {
        status: 202,
        body: { message: WEBHOOK_MESSAGES.testSent },
      },
    });
    const user = userEvent.setup();
    const menu = await openMenu(user, 'CRM sync');
    await user.click(within(menu).getByRole('menuitem', { name: 'Send test event' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.testSent)).toBeInTheDocument();
    expect(sent(calls, 'POST').map((call) => call.path)).toEqual(['/api/admin/webhooks/w1/test']);
  });

  it('rotates the secret only once confirmed, and shows the new one saying the old signs for 24 hours', async () => {
    const { calls } = renderIntegrations({
      'GET /api/admin/webhooks': { body: { items: [webhookEndpoint()] } },
      'POST /api/admin/webhooks/w1/rotate-secret': {
        body: webhookEndpointWithSecret({
          secret: 'whsec_NewNewNew',
          previousSecretExpiresAt: '2026-11-29T09:30:00.000Z',
        }),
      },
    });
    const user = userEvent.setup();
    const menu = await openMenu(user, 'CRM sync');
    await user.click(within(menu).getByRole('menuitem', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('alertdialog', { name: INTEGRATION_TEXTS.rotateTitle });
    expect(confirm).toHaveTextContent(/24 hours/);
    expect(sent(calls, 'POST')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: INTEGRATION_TEXTS.rotatedSecretTitle });
    expect(within(shown).getByText(INTEGRATION_TEXTS.rotatedSecretNotice)).toBeInTheDocument();
    expect(within(shown).getByRole('textbox')).toHaveValue('whsec_NewNewNew');
    expect(sent(calls, 'POST').map((call) => call.path)).toEqual([
      '/api/admin/webhooks/w1/rotate-secret',
    ]);
  });

  it('offers no secret rotation for a Slack endpoint', async () => {
    renderIntegrations({
      'GET /api/admin/webhooks': {
        body: { items: [webhookEndpoint({ kind: 'slack', secretHint: null })] },
      },
    });
    const menu = await openMenu(userEvent.setup(), 'CRM sync');
    expect(within(menu).queryByRole('menuitem', { name: 'Rotate secret' })).toBeNull();
  });

  it('deletes an endpoint only once confirmed, and reports a refusal', async () => {
    let status = 404;
    const { calls } = renderIntegrations({
      'GET /api/admin/webhooks': { body: { items: [webhookEndpoint()] } },
      'DELETE /api/admin/webhooks/w1': () =>
        status === 404
          ? { status, body: { message: WEBHOOK_MESSAGES.notFound } }
          : { body: { message: WEBHOOK_MESSAGES.deleted } },
    });
    const user = userEvent.setup();
    let menu = await openMenu(user, 'CRM sync');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete “CRM sync”?' });
    expect(confirm).toHaveTextContent(INTEGRATION_TEXTS.deleteDescription);
    expect(sent(calls, 'DELETE')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.notFound)).toBeInTheDocument();

    status = 200;
    menu = await openMenu(user, 'CRM sync');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.deleted)).toBeInTheDocument();
    expect(sent(calls, 'DELETE')).toHaveLength(2);
  });
});
