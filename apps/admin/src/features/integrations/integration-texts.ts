import { type WebhookDeliveryState, type WebhookEndpointKind } from '@repo/validation';

/** The Integrations section's own words (issue 34); the API's messages are WEBHOOK_MESSAGES. */
export const KIND_LABELS: Record<WebhookEndpointKind, string> = {
  webhook: 'Webhook',
  slack: 'Slack',
};

export const KIND_HINTS: Record<WebhookEndpointKind, string> = {
  webhook: 'Signed JSON events (Standard Webhooks) to your own receiver, Zapier or Make.',
  slack: 'Readable sentences in a Slack channel, through a Slack incoming-webhook URL.',
};

export const URL_PLACEHOLDERS: Record<WebhookEndpointKind, string> = {
  webhook: 'https://example.com/webhooks/wordloom',
  slack: 'https://hooks.slack.com/services/…',
};

export const STATE_LABELS: Record<WebhookDeliveryState, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export const INTEGRATION_TEXTS = {
  sectionDescription:
    'Send Wordloom’s events to other tools as they happen: signed webhooks to your own receiver, or sentences to a Slack channel.',
  zapierHint:
    'Zapier needs no endpoint here: its Wordloom app subscribes with an API key that holds the webhooks:manage permission, and its subscriptions appear in this list.',
  newSecretTitle: 'Your endpoint’s signing secret',
  newSecretNotice:
    'Copy it now: it is shown only this once. Your receiver verifies each delivery’s webhook-signature header with it (Standard Webhooks).',
  rotatedSecretTitle: 'The new signing secret',
  rotatedSecretNotice:
    'Copy it now: it is shown only this once. The previous secret keeps signing every delivery beside the new one for 24 hours, then stops: update your receiver within that time.',
  rotateTitle: 'Rotate the signing secret?',
  rotateDescription:
    'A new secret is made and shown once. The current one keeps signing for 24 hours beside it, so your receiver keeps working while you update it.',
  deleteDescription:
    'Deliveries to it stop at once, and its delivery log is deleted. This cannot be undone.',
  secretCopied: 'Signing secret copied to clipboard',
  noEndpoints: 'No endpoints yet. Add one to send events to another tool.',
  noDeliveries: 'No deliveries yet. “Send test event” sends one now.',
  noDeliveriesInState: 'No deliveries in this state.',
  payloadErased: 'Removed: the person this event was about was erased.',
} as const;

/** Toast titles of the section. */
export const INTEGRATION_TOASTS = {
  endpointCreated: 'Endpoint added',
  endpointSaved: 'Endpoint saved',
  endpointEnabled: 'Endpoint enabled',
  endpointDisabled: 'Endpoint disabled',
  saveFailed: 'Endpoint not saved',
  testFailed: 'Test event not sent',
  rotateFailed: 'Secret not rotated',
  resendFailed: 'Not queued again',
} as const;
