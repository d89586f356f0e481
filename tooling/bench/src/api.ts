/**
 * Section 4: the API under autocannon against a bare Fastify hello-world
 * (src/hello-server.mjs) loaded the same way right before each figure: GET
 * against GET /hello, POST against POST /hello with the same JSON body. Analytics
 * ingestion is compared with the database itself: the same batches written by
 * multi-row INSERTs straight through pg, over as many connections as the API's
 * pool has.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { describeLoad, load, type LoadSettings, startHelloServer } from './http';
import {
  analyticsBatch,
  type AnalyticsEvent,
  BROWSER_USER_AGENT,
  countRows,
  fillWaitlist,
  waitlistSignup,
} from './seed';
import { log } from './log';
import type { StaffSession } from './stack';
import { absoluteRow, ratioRow, type Row } from './table';

/** What the console asks for when it opens the waitlist tab. */
const ADMIN_FIRST_PAGE = '/api/admin/waitlist?page=1&pageSize=20&sortBy=createdAt&sortOrder=desc';
const ADMIN_PAGE_ENTRIES = 100_000;
const EVENTS_PER_BATCH = 10;
/** The API's default DATABASE_POOL_SIZE. */
const API_POOL_SIZE = 10;
const JSON_HEADERS = { 'content-type': 'application/json', 'user-agent': BROWSER_USER_AGENT };

/** Multi-row INSERTs of `batch` for `seconds` on `connections` connections; rows per second. */
async function directInsertRowsPerSecond(
  pool: pg.Pool,
  batch: AnalyticsEvent[],
  seconds: number,
  connections: number,
): Promise<number> {
  const placeholders = batch
    .map((_, row) => `(${[1, 2, 3, 4, 5].map((column) => `$${row * 5 + column}`).join(', ')})`)
    .join(', ');
  const text = `insert into analytics_events (type, path, session_id, occurred_at, data) values ${placeholders}`;
  const values = batch.flatMap((event) => [
    event.type,
    event.path,
    event.data.sessionId,
    event.timestamp,
    JSON.stringify(event.data),
  ]);
  let rows = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < deadline) {
          await client.query(text, values);
          rows += batch.length;
        }
      } finally {
        client.release();
      }
    }),
  );
  return rows / ((performance.now() - started) / 1000);
}

export async function apiSection(options: {
  apiUrl: string;
  pool: pg.Pool;
  session: StaffSession;
  settings: LoadSettings;
}): Promise<Row[]> {
  const { apiUrl, pool, session, settings } = options;
  const hello = await startHelloServer();
  try {
    const rows = await readFigures(apiUrl, hello.url, pool, session, settings);
    // Last: every signup queues a welcome email, which the API renders in the background.
    rows.push(...(await signupFigure(apiUrl, hello.url, pool, settings)));
    return rows;
  } finally {
    await hello.stop();
  }
}

/** The bare Fastify GET, loaded right before the figure it is the baseline of. */
async function helloGet(helloUrl: string, settings: LoadSettings) {
  log('api baseline: bare Fastify GET /hello');
  const result = await load({ url: `${helloUrl}/hello` }, settings);
  return { result, label: `bare Fastify GET, ${describeLoad(result)}` };
}

async function readFigures(
  apiUrl: string,
  helloUrl: string,
  pool: pg.Pool,
  session: StaffSession,
  settings: LoadSettings,
): Promise<Row[]> {
  const rows: Row[] = [];
  let baseline = await helloGet(helloUrl, settings);
  log('api: GET /api/posts');
  const posts = await load({ url: `${apiUrl}/api/posts` }, settings);
  rows.push(
    ratioRow({
      section: 'API',
      figure: 'GET /api/posts',
      value: posts.okPerSecond,
      baseline: baseline.result.okPerSecond,
      minRatio: 0.5,
      unit: 'req/s',
      valueNote: describeLoad(posts),
      baselineLabel: baseline.label,
    }),
  );

  await fillWaitlist(pool, ADMIN_PAGE_ENTRIES);
  baseline = await helloGet(helloUrl, settings);
  log('api: admin waitlist first page');
  const adminPage = await load(
    { url: `${apiUrl}${ADMIN_FIRST_PAGE}`, headers: { cookie: session.cookie } },
    settings,
  );
  const figure = `GET admin waitlist, first page of ${ADMIN_PAGE_ENTRIES.toLocaleString('en-US')}`;
  rows.push(
    ratioRow({
      section: 'API',
      figure,
      value: adminPage.okPerSecond,
      baseline: baseline.result.okPerSecond,
      minRatio: 0.1,
      unit: 'req/s',
      valueNote: describeLoad(adminPage),
      baselineLabel: baseline.label,
    }),
    absoluteRow({
      section: 'API',
      figure: `${figure}: p99`,
      value: `${Math.round(adminPage.p99Ms)} ms`,
      budget: '≤ 50 ms',
      ok: adminPage.p99Ms <= 50,
      baseline: `bare Fastify GET p99 ${Math.round(baseline.result.p99Ms)} ms`,
    }),
  );

  log('api: POST /api/analytics/events');
  const batch = analyticsBatch(EVENTS_PER_BATCH, `bench-${randomBytes(4).toString('hex')}`);
  let storedBefore = 0;
  const analytics = await load(
    {
      url: `${apiUrl}/api/analytics/events`,
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ events: batch }),
    },
    settings,
    { beforeRun: async () => void (storedBefore = await countRows(pool, 'analytics_events')) },
  );
  const accepted = analytics.ok * EVENTS_PER_BATCH;
  const stored = (await countRows(pool, 'analytics_events')) - storedBefore;
  if (stored < accepted)
    throw new Error(`analytics: ${accepted} events accepted, ${stored} stored`);
  log('api baseline: multi-row INSERT of the same batch through pg');
  const direct = await directInsertRowsPerSecond(
    pool,
    batch,
    settings.durationSeconds,
    API_POOL_SIZE,
  );
  rows.push(
    ratioRow({
      section: 'API',
      figure: `POST /api/analytics/events, ${EVENTS_PER_BATCH} a batch`,
      value: accepted / analytics.durationSeconds,
      baseline: direct,
      minRatio: 0.5,
      unit: 'rows/s',
      valueNote: describeLoad(analytics),
      baselineLabel: `${EVENTS_PER_BATCH}-row INSERTs with pg on ${API_POOL_SIZE} connections`,
    }),
  );
  return rows;
}

async function signupFigure(
  apiUrl: string,
  helloUrl: string,
  pool: pg.Pool,
  settings: LoadSettings,
): Promise<Row[]> {
  log('api baseline: bare Fastify POST /hello');
  const helloPost = await load(
    {
      url: `${helloUrl}/hello`,
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(waitlistSignup('hello@example.com')),
    },
    settings,
  );
  // The API renders each signup's welcome email in the background, meanwhile: part of
  // the cost measured here.
  log('api: POST /api/waitlist');
  const run = randomBytes(4).toString('hex');
  let counter = 0;
  const signups = await load(
    {
      url: `${apiUrl}/api/waitlist`,
      method: 'POST',
      headers: JSON_HEADERS,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify(waitlistSignup(`signup-${run}-${counter++}@bench.example.com`)),
      }),
    },
    settings,
  );
  // The welcome emails not rendered yet: the worker's backlog would run into the next figures.
  const dropped = await pool.query('delete from email_outbox where html_body is null');
  log(`api: ${dropped.rowCount ?? 0} welcome emails not rendered yet dropped`);
  return [
    ratioRow({
      section: 'API',
      figure: 'POST /api/waitlist, a new address each',
      value: signups.okPerSecond,
      baseline: helloPost.okPerSecond,
      minRatio: 0.1,
      unit: 'req/s',
      valueNote: describeLoad(signups),
      baselineLabel: `bare Fastify POST of the same JSON, ${describeLoad(helloPost)}`,
    }),
  ];
}
