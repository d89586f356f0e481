import { createHash, timingSafeEqual } from 'node:crypto';
import { type DeliveryState, postmarkWebhookResponseSchema } from '@repo/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  HANDLED_RECORD_TYPES,
  postmarkEventSchema,
  recordPostmarkEvent,
} from '../../../email/delivery-events';
import { notFound, unauthorized } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';
import { type ApiInstance, errorResponses } from '../../../route-schemas';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the length nor the content leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function basicCredentials(request: FastifyRequest): { username: string; password: string } | null {
  const header = request.headers.authorization;
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * A value as text, or undefined when it has none: String() throws on an object
 * whose toString is not a function ({"toString": 1}), which was a 500.
 */
function textOf(value: unknown): string | undefined {
  try {
    return String(value);
  } catch {
    return undefined;
  }
}

/** The delivery state each record type reports (the metric's label); SubscriptionChange has none. */
const DELIVERY_STATE_OF: Partial<Record<string, DeliveryState>> = {
  Delivery: 'delivered',
  Bounce: 'bounced',
  SpamComplaint: 'complained',
};

/**
 * Postmark's delivery webhooks, protected by HTTP basic credentials from the
 * configuration (Postmark sends the ones written into the webhook's URL).
 */
export default async function postmarkWebhookRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;
  const username = config.POSTMARK_WEBHOOK_USERNAME;
  const password = config.POSTMARK_WEBHOOK_PASSWORD;
  const streams = {
    outbound: config.POSTMARK_TRANSACTIONAL_STREAM,
    broadcast: config.POSTMARK_BROADCAST_STREAM,
  };

  /**
   * Before the body is parsed: the credentials, then the record types not tracked
   * (opens, clicks, inbound mail), acknowledged so Postmark stops retrying.
   */
  async function admit(request: FastifyRequest, reply: FastifyReply) {
    // Not configured: the endpoint does not exist.
    if (!username || !password) throw notFound('Not found');
    const given = basicCredentials(request);
    const valid =
      given !== null &&
      // Both compared, always: no early exit tells which one was wrong.
      [sameSecret(given.username, username), sameSecret(given.password, password)].every(Boolean);
    if (!valid) {
      reply.header('www-authenticate', 'Basic realm="postmark-webhooks", charset="UTF-8"');
      throw unauthorized('Invalid webhook credentials');
    }
    const recordType =
      request.body && typeof request.body === 'object' && 'RecordType' in request.body
        ? textOf((request.body as { RecordType: unknown }).RecordType)
        : undefined;
    if (recordType !== undefined && !HANDLED_RECORD_TYPES.has(recordType)) {
      return reply.status(200).send({ recorded: false, ignored: recordType });
    }
  }

  fastify.post(
    '/email/webhooks/postmark',
    {
      // Postmark posts one event per request, in bursts after a bulk send.
      config: perMinute(config.RATE_LIMIT_ENABLED, 6_000),
      preValidation: admit,
      schema: {
        summary: 'Receive Postmark delivery events',
        body: postmarkEventSchema,
        response: {
          200: postmarkWebhookResponseSchema,
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const event = request.body;
      const outcome = await recordPostmarkEvent(db, event, streams);
      const state = DELIVERY_STATE_OF[event.RecordType];
      if (state && !outcome.duplicate) fastify.metrics.deliveryEvents.inc({ state });
      request.log.info(
        { recordType: event.RecordType, outboxId: outcome.outboxId, duplicate: outcome.duplicate },
        'postmark webhook recorded',
      );
      return reply.status(200).send({ recorded: !outcome.duplicate, ...outcome });
    },
  );
}
