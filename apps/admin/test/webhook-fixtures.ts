import type {
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '@repo/api-client';

/** A signed webhook endpoint as the API lists it (issue 34), with `overrides`. */
export function webhookEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 'w1',
    kind: 'webhook',
    source: 'console',
    url: 'https://crm.example.com/hooks/wordloom',
    description: 'CRM sync',
    events: ['waitlist.signed_up', 'waitlist.confirmed'],
    enabled: true,
    disabledReason: null,
    secretHint: 'whsec_AbCd',
    previousSecretExpiresAt: null,
    failingSince: null,
    lastDeliveryAt: '2026-11-28T09:30:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The whole secret: only in the answer to a creation or a rotation. */
export const WEBHOOK_SECRET = 'whsec_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd';

export function webhookEndpointWithSecret(
  overrides: Partial<WebhookEndpointWithSecret> = {},
): WebhookEndpointWithSecret {
  return { ...webhookEndpoint(), secret: WEBHOOK_SECRET, ...overrides };
}

export function webhookDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'd1',
    eventId: 'msg_2p5Yk0f1',
    event: 'waitlist.signed_up',
    state: 'succeeded',
    attempts: 1,
    nextAttemptAt: null,
    lastStatus: 200,
    lastDurationMs: 84,
    createdAt: '2026-11-28T09:30:00.000Z',
    ...overrides,
  };
}

export function webhookDeliveryDetail(
  overrides: Partial<WebhookDeliveryDetail> = {},
): WebhookDeliveryDetail {
  return {
    ...webhookDelivery({ state: 'failed', attempts: 2, lastStatus: 500, lastDurationMs: 1200 }),
    payload: {
      type: 'waitlist.signed_up',
      timestamp: '2026-11-28T09:30:00.000Z',
      data: { id: 'e1', email: 'ada@example.com' },
    },
    attemptLog: [
      {
        attempt: 1,
        at: '2026-11-28T09:30:00.000Z',
        status: null,
        durationMs: 15000,
        response: null,
        error: 'timed out after 15 s',
      },
      {
        attempt: 2,
        at: '2026-11-28T09:30:20.000Z',
        status: 500,
        durationMs: 1200,
        response: '{"error":"database unavailable"}',
        error: null,
      },
    ],
    ...overrides,
  };
}
