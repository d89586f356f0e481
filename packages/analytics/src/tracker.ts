import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_DELAY_MS,
  ANALYTICS_MAX_EVENTS_PER_REQUEST,
  type AnalyticsEventType,
  formSubmitSummary,
} from '@repo/validation';
// Types only: erased from the bundle, so zod stays out of the tracker.
import type { AnalyticsBatchAnswer, AnalyticsEvent } from '@repo/validation';

/** Event-specific fields; the common ones (sessionId, referrer, userAgent) are added. */
export type EventData = Record<string, unknown>;

export interface TrackerOptions {
  /** Where batches are POSTed, e.g. '/api/analytics/events'. */
  endpoint: string;
  fetch?: typeof fetch;
  /** navigator.sendBeacon, bound; used when the page is being hidden. */
  sendBeacon?: (url: string, data: string) => boolean;
  now?: () => Date;
  /** Random per page load (spec section 3). */
  sessionId?: string;
  /** The current path, for events that do not name one. */
  getPath?: () => string;
  referrer?: string;
  userAgent?: string;
  /** False when the visitor asked not to be tracked: nothing is queued or sent. */
  enabled?: boolean;
  batchSize?: number;
  flushDelayMs?: number;
  /**
   * Failed batches and refused events are reported here (spec section 8: 'A failed
   * analytics batch is logged and its events are re-queued'). console.warn by default.
   */
  onError?: (error: unknown) => void;
}

export interface Tracker {
  readonly sessionId: string;
  readonly enabled: boolean;
  track: (type: AnalyticsEventType, data?: EventData, path?: string) => void;
  /** Sends what is queued now (one request per batch). */
  flush: () => Promise<void>;
  /** Hands the queue to sendBeacon, for pagehide / visibilitychange. */
  flushWithBeacon: () => void;
  /** Events waiting to be sent. */
  pending: () => number;
}

// A visitor offline for a long time must not grow the queue without bound.
const MAX_QUEUED_EVENTS = 500;
// After a network failure, a 5xx or a 429 the queue is sent again by a timer:
// 1 s, then twice as long after each failure in a row, never more than 30 s.
const FIRST_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 30_000;
// A 429's Retry-After is honoured, up to this (a mistaken header must not silence the page).
const MAX_RETRY_AFTER_MS = 5 * 60_000;

/** The server refused some events of a batch: they are logged, not sent again. */
export class RefusedEventsError extends Error {
  constructor(readonly refused: { index: number; message: string; event?: AnalyticsEvent }[]) {
    super(
      `Analytics events refused: ${refused.map(({ index, message }) => `#${index} ${message}`).join('; ')}`,
    );
    this.name = 'RefusedEventsError';
  }
}
const SECRET_FIELD = /password/i;

export function createSessionId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Drops password and confirmPassword (and any other password-like field) from form data. */
export function withoutSecrets(data: EventData): EventData {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_FIELD.test(key)));
}

/**
 * A form_submit event carries which form and which fields were filled, never a
 * typed value (issue 8); the API applies the same allow-list again.
 */
export function formSubmitData(data: EventData): EventData {
  const summary = formSubmitSummary(withoutSecrets(data));
  return { ...summary, fields: withoutSecrets(summary.fields) };
}

function clip(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), if it names a time. */
function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now.getTime();
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** The refusals of a 2xx answer, if it names any (an opted-out page's 204 has no body). */
async function refusalsOf(response: Response): Promise<AnalyticsBatchAnswer['rejected']> {
  try {
    const body = (await response.json()) as Partial<AnalyticsBatchAnswer> | null;
    return Array.isArray(body?.rejected) ? body.rejected : [];
  } catch {
    return [];
  }
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown } | null;
    if (typeof body?.message === 'string') return body.message;
  } catch {
    // Not JSON: the status says enough.
  }
  return response.statusText;
}

/** What became of a batch: delivered (perhaps in part) or dropped, or to be sent again. */
type Outcome = { retry: false } | { retry: true; afterMs?: number };

/**
 * The analytics queue of spec section 4: events are sent 500 ms after the first
 * one is queued, or at once when 10 are waiting. A batch that fails (network,
 * 5xx, 429) is logged and goes back to the front of the queue, which a timer
 * sends again with backoff (spec section 8); events the server refuses (a 4xx,
 * or the `rejected` of its answer) are logged and never sent again.
 */
export function createTracker(options: TrackerOptions): Tracker {
  const batchSize = options.batchSize ?? ANALYTICS_BATCH_SIZE;
  const flushDelayMs = options.flushDelayMs ?? ANALYTICS_FLUSH_DELAY_MS;
  const now = options.now ?? (() => new Date());
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sessionId = options.sessionId ?? createSessionId();
  const enabled = options.enabled ?? true;
  const onError = options.onError ?? ((error) => console.warn('Analytics batch failed', error));
  const common = {
    sessionId,
    referrer: clip(options.referrer || 'direct', 2048),
    ...(options.userAgent ? { userAgent: clip(options.userAgent, 1024) } : {}),
  };

  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** True while the timer is a retry's: new events wait for it instead of sending sooner. */
  let retrying = false;
  /** The last retry's delay; 0 once a batch got through. */
  let retryDelayMs = 0;

  function cancelTimer() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    retrying = false;
  }

  function requeue(events: AnalyticsEvent[]) {
    queue = [...events, ...queue].slice(0, MAX_QUEUED_EVENTS);
  }

  function scheduleRetry(afterMs?: number) {
    retryDelayMs =
      retryDelayMs === 0 ? FIRST_RETRY_DELAY_MS : Math.min(retryDelayMs * 2, MAX_RETRY_DELAY_MS);
    cancelTimer();
    retrying = true;
    timer = setTimeout(() => {
      timer = undefined;
      retrying = false;
      void flush();
    }, afterMs ?? retryDelayMs);
  }

  async function sendBatch(events: AnalyticsEvent[]): Promise<Outcome> {
    let response: Response;
    try {
      response = await doFetch(options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
        keepalive: true,
      });
    } catch (error) {
      onError(error);
      return { retry: true };
    }
    if (response.ok) {
      const refused = await refusalsOf(response);
      if (refused.length > 0) {
        onError(
          new RefusedEventsError(refused.map((item) => ({ ...item, event: events[item.index] }))),
        );
      }
      return { retry: false };
    }
    if (response.status === 429 || response.status >= 500) {
      onError(new Error(`${response.status}: ${response.statusText}`));
      return response.status === 429
        ? { retry: true, afterMs: retryAfterMs(response.headers.get('retry-after'), now()) }
        : { retry: true };
    }
    // Any other 4xx refuses the batch itself: sent again, it would be refused again.
    onError(
      new Error(`Analytics batch refused (${response.status}): ${await messageOf(response)}`),
    );
    return { retry: false };
  }

  async function flush(): Promise<void> {
    cancelTimer();
    const batches: AnalyticsEvent[][] = [];
    while (queue.length > 0) batches.push(queue.splice(0, batchSize));
    for (const [index, batch] of batches.entries()) {
      const outcome = await sendBatch(batch);
      if (outcome.retry) {
        // This batch and those after it go back in their order; a timer sends them.
        requeue(batches.slice(index).flat());
        scheduleRetry(outcome.afterMs);
        return;
      }
      // The server answered: the next failure starts the backoff over.
      retryDelayMs = 0;
    }
    // Events tracked while a retry was pending or in flight.
    if (queue.length > 0 && timer === undefined) schedule();
  }

  function schedule() {
    // During a backoff the retry timer sends everything; sending sooner would only fail.
    if (retrying) return;
    if (queue.length >= batchSize) {
      void flush();
    } else if (timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        void flush();
      }, flushDelayMs);
    }
  }

  return {
    sessionId,
    enabled,
    track(type, data = {}, path) {
      if (!enabled) return;
      const eventData = type === 'form_submit' ? formSubmitData(data) : data;
      const currentPath = path ?? options.getPath?.() ?? '/';
      queue.push({
        type,
        path: clip(currentPath.startsWith('/') ? currentPath : `/${currentPath}`, 2048),
        timestamp: now().toISOString(),
        data: { ...eventData, ...common },
      });
      if (queue.length > MAX_QUEUED_EVENTS) queue = queue.slice(-MAX_QUEUED_EVENTS);
      schedule();
    },
    flush,
    flushWithBeacon() {
      cancelTimer();
      while (queue.length > 0) {
        const events = queue.splice(0, ANALYTICS_MAX_EVENTS_PER_REQUEST);
        const body = JSON.stringify({ events });
        // sendBeacon sends a string as text/plain, which the API accepts; it
        // survives the page being unloaded, unlike a normal fetch.
        const queued = options.sendBeacon?.(options.endpoint, body) ?? false;
        if (!queued) {
          void doFetch(options.endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
            keepalive: true,
          }).catch(onError);
        }
      }
    },
    pending: () => queue.length,
  };
}
