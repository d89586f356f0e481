import { ServerClient } from 'postmark';
import { DeliveryError, type DeliveryTransport, type OutgoingEmail } from './delivery-transport';

export interface PostmarkTransportOptions {
  serverToken: string;
  /** host[:port] of a Postmark-compatible API over plain HTTP; the real API otherwise. */
  apiHost?: string;
  timeoutMs: number;
  from: string;
  streams: { outbound: string; broadcast: string };
}

/** Metadata key carried by every message: the outbox row's id, searchable in Postmark. */
const OUTBOX_ID_METADATA = 'outbox_id';

interface PostmarkLikeError {
  message?: string;
  statusCode?: number;
  code?: number;
}

/** Postmark's answers sorted by what a retry can achieve. */
export function classifyPostmarkError(error: unknown): DeliveryError {
  const { message = String(error), statusCode = 0, code = 0 } = (error ?? {}) as PostmarkLikeError;
  if (statusCode === 0) {
    // No HTTP answer (timeout, reset): Postmark may have accepted the message.
    return new DeliveryError(`Postmark unreachable: ${message}`, 'retryable', true);
  }
  const reason = `Postmark ${statusCode}${code ? ` (error ${code})` : ''}: ${message}`;
  // 422: the message itself was refused (bad address, inactive recipient, ...).
  if (statusCode === 422) return new DeliveryError(reason, 'permanent', false);
  // 401 (token), 429 (rate limit), 503 (maintenance): refused before sending.
  if (statusCode === 401 || statusCode === 429 || statusCode === 503) {
    return new DeliveryError(reason, 'retryable', false);
  }
  return new DeliveryError(reason, 'retryable', statusCode >= 500);
}

/** Delivery through the official Postmark client. */
export function createPostmarkTransport(options: PostmarkTransportOptions): DeliveryTransport {
  const client = new ServerClient(options.serverToken, {
    ...(options.apiHost ? { requestHost: options.apiHost, useHttps: false } : {}),
    // The client takes seconds.
    timeout: options.timeoutMs / 1000,
  });
  const streamOf = (email: OutgoingEmail) => options.streams[email.stream];

  return {
    async send(email) {
      try {
        const response = await client.sendEmail({
          From: options.from,
          To: email.to,
          Subject: email.subject,
          HtmlBody: email.htmlBody,
          TextBody: email.textBody,
          MessageStream: streamOf(email),
          Tag: email.templateId,
          Headers: email.headers.map((header) => ({ Name: header.name, Value: header.value })),
          Metadata: { [OUTBOX_ID_METADATA]: email.outboxId },
        });
        return { providerMessageId: response.MessageID };
      } catch (error) {
        throw classifyPostmarkError(error);
      }
    },

    async findAccepted(email) {
      try {
        const result = await client.getOutboundMessages({
          count: 1,
          offset: 0,
          messageStream: streamOf(email),
          [`metadata_${OUTBOX_ID_METADATA}`]: email.outboxId,
        });
        return result.Messages[0]?.MessageID;
      } catch (error) {
        throw classifyPostmarkError(error);
      }
    },
  };
}
