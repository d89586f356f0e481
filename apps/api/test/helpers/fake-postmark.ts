import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers, switchable at any time (an outage, then recovery). */
type FakePostmarkMode =
  | { kind: 'ok'; delayMs?: number }
  /** An HTTP error before anything is accepted (500, 503 maintenance, 429, ...). */
  | { kind: 'fail'; status: number }
  /** 422: Postmark refuses the message itself. */
  | { kind: 'reject'; errorCode: number; message: string }
  /** Never answers and accepts nothing (the client times out). */
  | { kind: 'hang' }
  /** Accepts the email, then never answers: the client times out on a message that went out. */
  | { kind: 'accept-then-hang' };

/** What Postmark received, as the official client posted it. */
interface FakePostmarkEmail {
  MessageID: string;
  From: string;
  To: string;
  Subject: string;
  HtmlBody: string;
  TextBody: string;
  MessageStream: string;
  Tag?: string;
  Headers?: { Name: string; Value: string }[];
  Metadata?: Record<string, string>;
}

export interface FakePostmark {
  /** host:port for POSTMARK_API_HOST. */
  host: string;
  token: string;
  /** Emails accepted (sent), in order. */
  accepted: FakePostmarkEmail[];
  /** Every request: method, path and the status answered (undefined while hanging). */
  requests: { method: string; path: string; status?: number }[];
  setMode: (mode: FakePostmarkMode) => void;
  close: () => Promise<void>;
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

/**
 * A Postmark API on loopback for the real `postmark` client: POST /email and
 * GET /messages/outbound (with metadata_ filters), checking the server token.
 */
export async function startFakePostmark(token = 'fake-postmark-token'): Promise<FakePostmark> {
  let mode: FakePostmarkMode = { kind: 'ok' };
  const accepted: FakePostmarkEmail[] = [];
  const requests: FakePostmark['requests'] = [];

  const answer = (
    response: ServerResponse,
    record: { status?: number },
    status: number,
    body: unknown,
  ) => {
    record.status = status;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const record: FakePostmark['requests'][number] = {
      method: request.method ?? 'GET',
      path: url.pathname,
    };
    requests.push(record);
    const current = mode;
    if (request.headers['x-postmark-server-token'] !== token) {
      return answer(response, record, 401, {
        ErrorCode: 10,
        Message: 'Bad or missing Server API token.',
      });
    }
    if (current.kind === 'hang') return; // the socket stays open until the client gives up
    if (current.kind === 'fail') {
      return answer(response, record, current.status, {
        ErrorCode: 0,
        Message: `Fake outage (${current.status})`,
      });
    }

    if (request.method === 'GET' && url.pathname === '/messages/outbound') {
      const filters = [...url.searchParams].filter(([key]) => key.startsWith('metadata_'));
      const stream = url.searchParams.get('messageStream') ?? url.searchParams.get('messagestream');
      const matches = accepted.filter(
        (email) =>
          (!stream || email.MessageStream === stream) &&
          filters.every(
            ([key, value]) => email.Metadata?.[key.slice('metadata_'.length)] === value,
          ),
      );
      return answer(response, record, 200, {
        TotalCount: matches.length,
        Messages: matches.map((email) => ({
          MessageID: email.MessageID,
          Metadata: email.Metadata,
        })),
      });
    }

    if (request.method === 'POST' && url.pathname === '/email') {
      const body = (await readJson(request)) as Omit<FakePostmarkEmail, 'MessageID'>;
      if (current.kind === 'reject') {
        return answer(response, record, 422, {
          ErrorCode: current.errorCode,
          Message: current.message,
        });
      }
      const email = { ...body, MessageID: randomUUID() };
      accepted.push(email);
      if (current.kind === 'accept-then-hang') return;
      if (current.delayMs) await new Promise((resolve) => setTimeout(resolve, current.delayMs));
      return answer(response, record, 200, {
        To: email.To,
        SubmittedAt: new Date().toISOString(),
        MessageID: email.MessageID,
        ErrorCode: 0,
        Message: 'OK',
      });
    }
    return answer(response, record, 404, { ErrorCode: 0, Message: 'Not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: `127.0.0.1:${port}`,
    token,
    accepted,
    requests,
    setMode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
