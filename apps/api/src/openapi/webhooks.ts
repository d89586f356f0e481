import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_EXAMPLE_PAYLOADS,
  webhookEnvelopeSchema,
} from '@repo/validation';
import { z } from 'zod';

/*
 * The OpenAPI 3.1 `webhooks` of both documents (issue 34): what each event POSTs to a
 * `webhook` endpoint, its Standard Webhooks headers, and the answers the API acts on.
 * Built from the contract's payload schemas (packages/validation/src/webhook-payloads.ts).
 */

const SIGNING = `Signed per Standard Webhooks: verify \`webhook-signature\` over
\`<webhook-id>.<webhook-timestamp>.<body>\` with the endpoint's \`whsec_\` secret (the
\`standardwebhooks\` library's \`verify\` does it); for 24 hours after a rotation two
signatures are sent, space-separated, and either verifies. Deduplicate on \`webhook-id\`:
it is the same on every retry and resend. See docs/integrations.md.`;

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

const HEADERS = [
  header(
    'webhook-id',
    "The event's id: the same on every attempt and resend (deduplicate on it).",
    'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  ),
  header(
    'webhook-timestamp',
    'Seconds since the Unix epoch when this attempt was signed.',
    '1764406800',
  ),
  header(
    'webhook-signature',
    '`v1,<base64 HMAC-SHA256>`; two of them, space-separated, during a secret rotation.',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
];

const RESPONSES = {
  '2XX': { description: 'Received: any 2xx within 15 seconds is a success.' },
  '410': { description: 'Gone: the endpoint is disabled at once and gets nothing more.' },
  default: {
    description:
      'Anything else (or no answer within 15 s) is a failure, retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (with jitter).',
  },
};

export function webhookOperations(): Record<string, { post: Record<string, unknown> }> {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event,
      {
        post: {
          operationId: `webhook_${event.replace('.', '_')}`,
          summary: WEBHOOK_EVENT_LABELS[event],
          description: `Sent to the endpoints subscribed to \`${event}\`. ${SIGNING}`,
          tags: ['webhooks'],
          parameters: HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(webhookEnvelopeSchema(event), {
                  target: 'draft-2020-12',
                  io: 'output',
                }),
                example: {
                  type: event,
                  timestamp: '2026-11-29T09:00:00.000Z',
                  data: WEBHOOK_EXAMPLE_PAYLOADS[event],
                },
              },
            },
          },
          responses: RESPONSES,
          security: [],
        },
      },
    ]),
  );
}
