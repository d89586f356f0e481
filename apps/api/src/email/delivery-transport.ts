import type { EmailHeader, EmailStream } from '@repo/db';

/** One message as the worker hands it to a provider. */
export interface OutgoingEmail {
  outboxId: string;
  stream: EmailStream;
  templateId: string;
  to: string;
  subject: string;
  htmlBody: string;
  textBody: string;
  headers: EmailHeader[];
}

/** How an attempt failed, which decides what the worker does next. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    /** 'permanent': the provider refused this message; retrying cannot help. */
    readonly kind: 'retryable' | 'permanent',
    /** The provider may have accepted the message although the call failed (timeout, lost connection). */
    readonly uncertain: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export interface DeliveryTransport {
  /** Sends one message; throws DeliveryError on failure. */
  send: (email: OutgoingEmail) => Promise<{ providerMessageId: string }>;
  /**
   * Looks for a copy of this outbox message the provider already accepted, so an
   * attempt whose outcome is unknown is not sent a second time.
   */
  findAccepted: (email: OutgoingEmail) => Promise<string | undefined>;
}
