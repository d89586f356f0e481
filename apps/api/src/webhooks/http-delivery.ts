import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { WEBHOOK_RESPONSE_EXCERPT_BYTES } from '@repo/validation';
import { type AddressPolicy, checkedAddresses, guardedLookup, ipLiteralOf } from './address-guard';

export interface HttpDeliveryResult {
  /** Null when no answer came (refused, timed out, blocked address). */
  status: number | null;
  durationMs: number;
  /** The first 2 KB of the answer's body. */
  response: string | null;
  error: string | null;
}

/**
 * POSTs one webhook body. The socket's `lookup` checks the address it connects to
 * (address-guard.ts); an IP in the URL is checked before connecting. A redirect is an
 * answer like any other (3xx: not a success), never followed. The whole exchange,
 * answer included, must end within `timeoutMs`.
 */
export async function postWebhook(
  target: string,
  {
    body,
    headers,
    timeoutMs,
  }: { body: string; headers: Record<string, string>; timeoutMs: number },
  policy: AddressPolicy,
): Promise<HttpDeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const url = new URL(target);
    const literal = ipLiteralOf(url);
    if (literal) await checkedAddresses(literal, policy);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const { status, response } = await new Promise<{ status: number; response: string }>(
      (resolve, reject) => {
        const outgoing = request(
          url,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'user-agent': 'Wordloom-Webhooks/1',
              ...headers,
            },
            lookup: guardedLookup(policy),
            agent: false,
            signal: AbortSignal.timeout(timeoutMs),
          },
          (answer) => {
            const chunks: Buffer[] = [];
            let kept = 0;
            const finish = () =>
              resolve({
                status: answer.statusCode ?? 0,
                response: Buffer.concat(chunks).toString('utf8'),
              });
            answer.on('data', (chunk: Buffer) => {
              chunks.push(chunk.subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES - kept));
              kept += chunk.length;
              // The excerpt is all the log keeps: no need to read (or wait for) the rest.
              if (kept >= WEBHOOK_RESPONSE_EXCERPT_BYTES) {
                finish();
                answer.destroy();
              }
            });
            answer.on('end', finish);
            answer.on('error', reject);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      },
    );
    return { status, durationMs: elapsed(), response, error: null };
  } catch (error) {
    const timedOut =
      error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
    const message = timedOut
      ? `timed out after ${Math.round(timeoutMs / 1000)} s`
      : error instanceof Error
        ? error.message
        : String(error);
    return { status: null, durationMs: elapsed(), response: null, error: message };
  }
}
