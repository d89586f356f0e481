import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The stack's mail goes to this Postmark-compatible sink (the API's real
 * Postmark client, over plain HTTP on loopback): the tests read a mailed link
 * as its recipient would. The console never shows a link's token (issue 19),
 * so the outbox can no longer be where a test finds it.
 */

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  htmlBody: string;
  textBody: string;
  tag?: string;
  metadata?: Record<string, string>;
}

export interface Mailbox {
  /** host:port for POSTMARK_API_HOST. */
  host: string;
  token: string;
  /** Every message accepted, in order. */
  messages: MailboxMessage[];
  /**
   * The newest link to `path` (e.g. '/beta/accept') with a `token` in mail to
   * `email` (any case), waiting up to `timeoutMs` for the API's worker to send it.
   */
  linkMailedTo: (email: string, path: string, timeoutMs?: number) => Promise<URL>;
  close: () => Promise<void>;
}

interface PostedEmail {
  To?: string;
  Subject?: string;
  HtmlBody?: string;
  TextBody?: string;
  Tag?: string;
  Metadata?: Record<string, string>;
}

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {});
      } catch (error) {
        reject(error);
      }
    });
    request.on('error', reject);
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function startMailbox(token = `e2e-postmark-${randomUUID()}`): Promise<Mailbox> {
  const messages: MailboxMessage[] = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://mailbox');
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers['x-postmark-server-token'] !== token) {
      return answer(401, { ErrorCode: 10, Message: 'Bad or missing Server API token.' });
    }
    if (request.method === 'POST' && url.pathname === '/email') {
      const body = (await readJson(request)) as PostedEmail;
      const message: MailboxMessage = {
        id: randomUUID(),
        to: body.To ?? '',
        subject: body.Subject ?? '',
        htmlBody: body.HtmlBody ?? '',
        textBody: body.TextBody ?? '',
        tag: body.Tag,
        metadata: body.Metadata,
      };
      messages.push(message);
      return answer(200, {
        To: message.to,
        SubmittedAt: new Date().toISOString(),
        MessageID: message.id,
        ErrorCode: 0,
        Message: 'OK',
      });
    }
    if (request.method === 'GET' && url.pathname === '/messages/outbound') {
      // The worker's lookup of an attempt whose outcome it does not know.
      const filters = [...url.searchParams].filter(([key]) => key.startsWith('metadata_'));
      const matches = messages.filter((message) =>
        filters.every(
          ([key, value]) => message.metadata?.[key.slice('metadata_'.length)] === value,
        ),
      );
      return answer(200, {
        TotalCount: matches.length,
        Messages: matches.map((message) => ({ MessageID: message.id, Metadata: message.metadata })),
      });
    }
    return answer(404, { ErrorCode: 0, Message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  async function linkMailedTo(email: string, path: string, timeoutMs = 20_000): Promise<URL> {
    const pattern = new RegExp(
      `https?://[^\\s"'<>]+${escapeRegExp(path)}\\?token=[A-Za-z0-9_.%-]+`,
    );
    const started = Date.now();
    for (;;) {
      const link = messages
        .filter((message) => message.to.toLowerCase() === email.toLowerCase())
        .map((message) => pattern.exec(message.textBody)?.[0])
        .findLast(Boolean);
      if (link) return new URL(link);
      if (Date.now() - started > timeoutMs) {
        throw new Error(`no ${path} link mailed to ${email} within ${timeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    host: `127.0.0.1:${port}`,
    token,
    messages,
    linkMailedTo,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
