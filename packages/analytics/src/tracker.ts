import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_DELAY_MS,
  ANALYTICS_MAX_EVENTS_PER_REQUEST,
  type AnalyticsEventType,
  formSubmitSummary,
} from '@repo/validation/constants';
// A type only: erased from the bundle, so zod stays out of the tracker.
import type { AnalyticsEvent } from '@repo/validation';

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
  /** Failed batches are reported here (spec section 8: a failed batch is logged). */
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

/**
 * The analytics queue of spec section 4: events are sent 500 ms after the first
 * one is queued, or at once when 10 are waiting; a failed batch goes back to the
 * front of the queue and is sent with the next flush.
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

  function cancelTimer() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function requeue(events: AnalyticsEvent[]) {
    queue = [...events, ...queue].slice(0, MAX_QUEUED_EVENTS);
  }

  async function sendBatch(events: AnalyticsEvent[]): Promise<void> {
    try {
      const response = await doFetch(options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
        keepalive: true,
      });
      // A 400 means the batch itself is invalid: sending it again would fail forever.
      if (!response.ok && response.status !== 400) {
        throw new Error(`${response.status}: ${response.statusText}`);
      }
    } catch (error) {
      requeue(events);
      onError(error);
    }
  }

  async function flush(): Promise<void> {
    cancelTimer();
    const batches: AnalyticsEvent[][] = [];
    while (queue.length > 0) batches.push(queue.splice(0, batchSize));
    for (const batch of batches) await sendBatch(batch);
  }

  function schedule() {
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
