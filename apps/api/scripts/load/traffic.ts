import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { AutocannonRequest, RequestContext } from 'autocannon';
import { validBetaFeedback, validWaitlistSignup } from '../../test/helpers/test-app';

/** The public writes of the mix, with their share of the requests. */
export const KINDS = ['waitlist', 'contact', 'feedback', 'analytics'] as const;
export type Kind = (typeof KINDS)[number];

const PATHS: Record<Kind, string> = {
  waitlist: '/api/waitlist',
  contact: '/api/contact',
  feedback: '/api/beta-feedback',
  analytics: '/api/analytics/events',
};
const SHARES: Record<Kind, number> = { waitlist: 0.3, contact: 0.2, feedback: 0.2, analytics: 0.3 };

/** A browser's User-Agent: isbot would drop the analytics events of autocannon's own. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const EVENT_TYPES = ['page_view', 'button_click', 'scroll_depth', 'waitlist_step_completed'];

/** One request sent: what it carried, and its answer once it came. */
export interface SentRequest {
  kind: Kind;
  /** The email (forms) or analytics session id that finds its rows afterwards. */
  key: string;
  /** Rows a 2xx answer must leave behind. */
  rows: number;
  sentAt: number;
  status?: number;
  latencyMs?: number;
  /** Milliseconds after the start of the run the answer came. */
  answeredAtMs?: number;
  /** The `type` of a 5xx answer's JSON error (overloaded, database_unavailable, ...). */
  errorType?: string;
}

export interface TrafficOptions {
  /**
   * Share of requests that come from a few busy addresses instead of one address
   * each, so the (default) rate limits answer some of them 429.
   */
  busyShare: number;
  busyAddresses: number;
  /** The types in the mix (default: all four, in their usual shares). */
  kinds?: readonly Kind[];
}

/**
 * Makes the requests of the mix and records every answer. Each request comes
 * from its own forwarded address (10.x.y.z), except the busy share, which comes
 * from a handful of 198.18.0.x addresses.
 */
export class Traffic {
  readonly sent: SentRequest[] = [];
  /** In every key of this traffic: rows of other runs on the same database are told apart. */
  readonly runId = randomBytes(4).toString('hex');
  private readonly addressOffset = randomBytes(3).readUIntBE(0, 3);
  private readonly busyBase = randomBytes(1)[0]!;
  private counter = 0;
  private startedAt = performance.now();

  constructor(private readonly options: TrafficOptions) {}

  /** Restarts the clock that answer times are measured from. */
  start(): void {
    this.startedAt = performance.now();
  }

  /** The request entry of autocannon: a new request of the mix each time. */
  request(): AutocannonRequest {
    return {
      setupRequest: (request, context) => this.setup(request, context),
      onResponse: (status, body, context) => this.answer(context, status, body),
    };
  }

  private setup(request: AutocannonRequest, context: RequestContext): AutocannonRequest {
    const n = this.counter++;
    const kind = pickKind(this.options.kinds ?? KINDS);
    const key = `${kind}-${this.runId}-${n}`;
    const { body, rows } = bodyOf(kind, key);
    const record: SentRequest = { kind, key, rows, sentAt: performance.now() };
    this.sent.push(record);
    context.record = record;
    return {
      ...request,
      method: 'POST',
      path: PATHS[kind],
      headers: {
        'content-type': 'application/json',
        'user-agent': BROWSER_USER_AGENT,
        'x-forwarded-for': this.address(n),
      },
      body: JSON.stringify(body),
    };
  }

  private answer(context: RequestContext, status: number, body: string): void {
    const record = context.record as SentRequest | undefined;
    if (!record || record.status !== undefined) return;
    const now = performance.now();
    record.status = status;
    record.latencyMs = now - record.sentAt;
    record.answeredAtMs = now - this.startedAt;
    if (status >= 500) record.errorType = errorTypeOf(body);
  }

  private address(n: number): string {
    if (Math.random() < this.options.busyShare) {
      const busy = (this.busyBase + (n % this.options.busyAddresses)) % 256;
      return `198.18.0.${busy}`;
    }
    const value = (this.addressOffset + n) % 0x1000000;
    return `10.${value >> 16}.${(value >> 8) & 0xff}.${value & 0xff}`;
  }
}

function pickKind(kinds: readonly Kind[]): Kind {
  const total = kinds.reduce((sum, kind) => sum + SHARES[kind], 0);
  let roll = Math.random() * total;
  for (const kind of kinds) {
    roll -= SHARES[kind];
    if (roll < 0) return kind;
  }
  return kinds.at(-1)!;
}

/** A valid body whose rows can be found by `key` (lower-case, so stored as sent). */
function bodyOf(kind: Kind, key: string): { body: unknown; rows: number } {
  const email = `${key}@load.example.com`;
  switch (kind) {
    case 'waitlist':
      return { body: validWaitlistSignup({ email }), rows: 1 };
    case 'feedback':
      return { body: validBetaFeedback({ email }), rows: 1 };
    case 'contact':
      return {
        body: {
          name: 'Ada Lovelace',
          email,
          subject: 'A question about plans',
          message: 'Do you offer a plan for a team of five writers?',
          company: 'Analytical Engines',
        },
        rows: 1,
      };
    case 'analytics': {
      const count = 1 + Math.floor(Math.random() * 10);
      const timestamp = new Date().toISOString();
      const events = Array.from({ length: count }, (_, index) =>
        analyticsEvent(index, key, timestamp),
      );
      return { body: { events }, rows: count };
    }
  }
}

function analyticsEvent(index: number, sessionId: string, timestamp: string) {
  const type = EVENT_TYPES[index % EVENT_TYPES.length]!;
  const data: Record<string, unknown> = { sessionId, referrer: 'https://www.google.com/' };
  if (type === 'button_click') Object.assign(data, { buttonId: 'join', buttonText: 'Join' });
  if (type === 'scroll_depth') data.depth = 50;
  if (type === 'waitlist_step_completed') {
    Object.assign(data, { step_name: 'email', step_number: 1, total_steps: 7 });
  }
  return { type, path: '/', timestamp, data };
}

function errorTypeOf(body: string): string {
  try {
    const { type } = JSON.parse(body) as { type?: unknown };
    return typeof type === 'string' ? type : 'no type';
  } catch {
    return 'not JSON';
  }
}
