import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  HANDLED_RECORD_TYPES,
  postmarkEventSchema,
  recordPostmarkEvent,
} from '../../../email/delivery-events';
import { notFound, parseWith, unauthorized } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';

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
 * Postmark's delivery webhooks, protected by HTTP basic credentials from the
 * configuration (Postmark sends the ones written into the webhook's URL).
 */
export default async function postmarkWebhookRoutes(fastify: FastifyInstance) {
  const { config, db } = fastify;
  const username = config.POSTMARK_WEBHOOK_USERNAME;
  const password = config.POSTMARK_WEBHOOK_PASSWORD;
  const streams = {
    outbound: config.POSTMARK_TRANSACTIONAL_STREAM,
    broadcast: config.POSTMARK_BROADCAST_STREAM,
  };

  fastify.post(
    '/email/webhooks/postmark',
    // Postmark posts one event per request, in bursts after a bulk send.
    { config: perMinute(config.RATE_LIMIT_ENABLED, 6_000) },
    async (request, reply) => {
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
          ? String((request.body as { RecordType: unknown }).RecordType)
          : undefined;
      if (recordType !== undefined && !HANDLED_RECORD_TYPES.has(recordType)) {
        // Opens, clicks and inbound mail are not tracked: acknowledged so Postmark stops retrying.
        return reply.status(200).send({ recorded: false, ignored: recordType });
      }
      const event = parseWith(postmarkEventSchema, request.body);
      const outcome = await recordPostmarkEvent(db, event, streams);
      request.log.info(
        { recordType: event.RecordType, outboxId: outcome.outboxId, duplicate: outcome.duplicate },
        'postmark webhook recorded',
      );
      return reply.status(200).send({ recorded: !outcome.duplicate, ...outcome });
    },
  );
}
