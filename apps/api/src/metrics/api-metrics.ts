import { type DB, poolOf } from '@repo/db';
import { BETA_CAP } from '@repo/validation';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { countSeatsHeld } from '../beta/participants-repository';
import { type OutboxCounts, outboxCounts } from '../email-outbox/outbox-repository';

/** Seconds: the RED duration histogram's buckets, from 5 ms to 10 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A scrape waits this long for the database; past it the gauges are left out, never the scrape. */
const SCRAPE_QUERY_TIMEOUT_MS = 1_000;

/**
 * How long one read of the database serves the scrapes that follow: however many
 * scrapes come (several Prometheus servers, or a flood), the gauges read the database
 * at most once per this (issue 31). A failed read is kept as long, so a struggling
 * database is not asked again by every scrape either.
 */
const SNAPSHOT_MAX_AGE_MS = 5_000;

/** The label of a request no route matched (404s, malformed paths): one value, never the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

interface Snapshot {
  outbox: OutboxCounts;
  seatsHeld: number;
}

/**
 * The API's metrics in a registry of its own (never prom-client's global one: the
 * tests build hundreds of apps in one process). Counters move as requests go by;
 * the gauges read the pool, the outbox and the seats when Prometheus scrapes.
 * Default metrics (event loop, heap, GC) are added by the process entry point.
 */
export function createApiMetrics(
  db: DB,
  { snapshotMaxAgeMs = SNAPSHOT_MAX_AGE_MS }: { snapshotMaxAgeMs?: number } = {},
) {
  const registry = new Registry();
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending the answer, by route pattern.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'wordloom_rate_limit_refusals_total',
    help: 'Requests the rate limiter refused with 429, by route pattern.',
    labelNames: ['route'] as const,
    registers,
  });
  const deliveryEvents = new Counter({
    name: 'wordloom_email_delivery_events_total',
    help: "Postmark's delivery webhooks recorded (duplicates left out), by delivery state.",
    labelNames: ['state'] as const,
    registers,
  });
  const emailSends = new Counter({
    name: 'wordloom_email_send_attempts_total',
    help: "The outbox worker's attempts, by outcome (sent, reconciled, retried, failed, held).",
    labelNames: ['outcome'] as const,
    registers,
  });
  const webhookAttempts = new Counter({
    name: 'wordloom_webhook_delivery_attempts_total',
    help: "The webhook worker's attempts (issue 34), by outcome (succeeded, retried, failed).",
    labelNames: ['outcome'] as const,
    registers,
  });

  // Several gauges, one read of the database: they collect in parallel and share the
  // read in flight, and the scrapes of the next SNAPSHOT_MAX_AGE_MS after it share it too.
  let reading: { settledAt?: number; result: Promise<Snapshot> } | undefined;
  const snapshot = () => {
    const settledAt = reading?.settledAt;
    if (!reading || (settledAt !== undefined && Date.now() - settledAt >= snapshotMaxAgeMs)) {
      const next: { settledAt?: number; result: Promise<Snapshot> } = { result: readSnapshot(db) };
      // Also what keeps a failed read nobody collects again from crashing the process.
      const settle = () => {
        next.settledAt = Date.now();
      };
      next.result.then(settle, settle);
      reading = next;
    }
    return reading.result;
  };

  const databaseUp = new Gauge({
    name: 'wordloom_database_up',
    help: '1 when the scrape could read the database within 1 s, else 0.',
    registers,
    aggregator: 'min',
    async collect() {
      this.set(
        await snapshot().then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
  const outboxMessages = new Gauge({
    name: 'wordloom_email_outbox_messages',
    help: 'Messages in the email outbox, by status (queued includes those waiting to retry).',
    labelNames: ['status'] as const,
    registers,
    aggregator: 'max',
    async collect() {
      this.reset();
      const read = await snapshot().catch(() => undefined);
      if (!read) return;
      for (const [status, count] of Object.entries(read.outbox.byStatus)) {
        this.set({ status }, count);
      }
    },
  });
  const oldestQueued = new Gauge({
    name: 'wordloom_email_outbox_oldest_queued_age_seconds',
    help: 'Age of the oldest message still queued (0 when none is, or the database is unreadable).',
    registers,
    aggregator: 'max',
    async collect() {
      this.reset();
      const read = await snapshot().catch(() => undefined);
      if (read) this.set(read.outbox.oldestQueuedAgeSeconds);
    },
  });
  const seatsHeld = new Gauge({
    name: 'wordloom_beta_seats_held',
    help: 'Beta seats held: active participants and invitations not yet lapsed.',
    registers,
    aggregator: 'max',
    async collect() {
      this.reset();
      const read = await snapshot().catch(() => undefined);
      if (read) this.set(read.seatsHeld);
    },
  });
  new Gauge({
    name: 'wordloom_beta_seats_capacity',
    help: 'Beta seats in all (the cap).',
    registers,
    aggregator: 'max',
  }).set(BETA_CAP);

  const pool = poolOf(db);
  if (pool) {
    new Gauge({
      name: 'wordloom_db_pool_connections',
      help: 'PostgreSQL pool connections, by state (in_use, idle).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'wordloom_db_pool_waiting_queries',
      help: 'Queries waiting for a free pooled connection.',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'wordloom_db_pool_max_connections',
      help: 'The pool size (DATABASE_POOL_SIZE).',
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }

  return {
    registry,
    httpRequests,
    httpDuration,
    rateLimitRefusals,
    deliveryEvents,
    emailSends,
    webhookAttempts,
    // Kept for tests and for readers: the gauges collect themselves at scrape time.
    gauges: { databaseUp, outboxMessages, oldestQueued, seatsHeld },
  };
}

export type ApiMetrics = ReturnType<typeof createApiMetrics>;

async function readSnapshot(db: DB): Promise<Snapshot> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('database read timed out')), SCRAPE_QUERY_TIMEOUT_MS);
  });
  try {
    const [outbox, seatsHeld] = await Promise.race([
      Promise.all([outboxCounts(db), countSeatsHeld(db)]),
      timeout,
    ]);
    return { outbox, seatsHeld };
  } finally {
    clearTimeout(timer);
  }
}
