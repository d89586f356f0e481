/**
 * `pnpm bench --scale` (issue 32): a launch that goes viral. Fills the run's
 * database to 100,000 waitlist entries and 1,000,000 analytics events, measures
 * every console read, a person's own status page and a public request while a
 * staff member reads the console, then fills on to 1,000,000 entries and
 * 10,000,000 events and measures the same again. Each figure is printed with
 * its 100,000-row value beside it (the same run, the same machine).
 *
 * Read figures are sequential requests after a warm-up: the median and the
 * 95th percentile of BENCH_SCALE_SAMPLES answers, timed by the client (the
 * whole answer read). Settings: BENCH_SCALE_ENTRIES and BENCH_SCALE_EVENTS set
 * the large size (for a quicker look), BENCH_SCALE_SAMPLES the samples.
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { describeLoad, load, type LoadResult } from './http';
import { log } from './log';
import { countRows, fillWaitlist } from './seed';
import type { StaffSession } from './stack';
import { absoluteRow, formatMs, type Row } from './table';

export interface ScaleSettings {
  /** The large size; the small one is a tenth of it. */
  entries: number;
  events: number;
  samples: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/** The API's SESSION_SECRET in the scale run: status links are signed with a key derived from it. */
export const SCALE_SESSION_SECRET = randomBytes(24).toString('hex');

const CONSOLE_BUDGET = { medianMs: 200, p95Ms: 500 };
const STATUS_BUDGET = { medianMs: 50, p95Ms: 50 };
/** A public request while a staff member reads the console: its p99 at most this many times its p99 alone. */
const PUBLIC_SLOWDOWN_BUDGET = 2;

/** Every console read the issue names: lists, sorts, filters, pages, the sources, the dashboard. */
const CONSOLE_READS: { figure: string; path: string }[] = [
  { figure: 'waitlist, default order, page 1', path: list({ sortBy: 'createdAt' }) },
  {
    figure: 'waitlist, default order, page 2,000',
    path: list({ sortBy: 'createdAt', page: 2000 }),
  },
  {
    figure: 'waitlist, by queue position, page 1',
    path: list({ sortBy: 'position', sortOrder: 'asc' }),
  },
  {
    figure: 'waitlist, by queue position, page 2,000',
    path: list({ sortBy: 'position', sortOrder: 'asc', page: 2000 }),
  },
  { figure: 'waitlist, by address, page 1', path: list({ sortBy: 'email', sortOrder: 'asc' }) },
  { figure: 'waitlist, by referrals, page 1', path: list({ sortBy: 'referralCount' }) },
  {
    figure: 'waitlist, confirmed, page 1',
    path: list({ sortBy: 'createdAt', state: 'confirmed' }),
  },
  {
    figure: 'waitlist, unconfirmed, page 100',
    path: list({ sortBy: 'createdAt', state: 'unconfirmed', page: 100 }),
  },
  {
    figure: 'waitlist, search a first name',
    path: list({ sortBy: 'createdAt', search: 'First612' }),
  },
  {
    figure: 'waitlist, search part of an address',
    path: list({ sortBy: 'createdAt', search: 'bench-4242' }),
  },
  {
    figure: 'waitlist, search a company',
    path: list({ sortBy: 'createdAt', search: 'company 17' }),
  },
  { figure: 'signup sources, 12 weeks', path: '/api/admin/waitlist/sources?weeks=12' },
  { figure: 'analytics dashboard, 7 days', path: '/api/analytics/dashboard?days=7' },
  { figure: 'analytics dashboard, 30 days', path: '/api/analytics/dashboard?days=30' },
  { figure: 'analytics dashboard, 90 days', path: '/api/analytics/dashboard?days=90' },
];

function list(options: {
  sortBy: string;
  sortOrder?: 'asc' | 'desc';
  page?: number;
  state?: 'confirmed' | 'unconfirmed';
  search?: string;
}): string {
  const query = new URLSearchParams({
    page: String(options.page ?? 1),
    pageSize: '20',
    sortBy: options.sortBy,
    sortOrder: options.sortOrder ?? 'desc',
  });
  if (options.state) query.set('state', options.state);
  if (options.search) query.set('search', options.search);
  return `/api/admin/waitlist?${query}`;
}

interface Timing {
  medianMs: number;
  p95Ms: number;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/** `samples` sequential GETs after three discarded ones; fails on any answer but 200. */
async function timeReads(url: string, headers: Record<string, string>, samples: number) {
  const times: number[] = [];
  for (let i = 0; i < samples + 3; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`);
    if (i >= 3) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { medianMs: percentile(times, 0.5), p95Ms: percentile(times, 0.95) } satisfies Timing;
}

const describe = (timing: Timing) =>
  `median ${formatMs(timing.medianMs)}, p95 ${formatMs(timing.p95Ms)}`;

/** The status link's token of an entry, as the API signs it (apps/api waitlist/confirmation.ts). */
function statusToken(entryId: string): string {
  const key = Buffer.from(
    hkdfSync('sha256', SCALE_SESSION_SECRET, '', 'wordloom waitlist status links v1', 32),
  ).toString('base64url');
  const signature = createHmac('sha256', key)
    .update(`waitlist-status:v1:${entryId}`)
    .digest('base64url');
  return `${entryId}.${signature}`;
}

/**
 * Brings analytics_events to `total` rows over the last 90 days with
 * generate_series, a million at a time: page views mostly, clicks, scroll
 * depths and the waitlist wizard's steps, five events a visit, 40 paths and
 * 20 referrers, as the site's tracker stores them.
 */
async function fillEvents(pool: pg.Pool, total: number): Promise<number> {
  let existing = await countRows(pool, 'analytics_events');
  const started = performance.now();
  const chunk = 1_000_000;
  while (existing < total) {
    const count = Math.min(chunk, total - existing);
    await pool.query(
      `insert into analytics_events (type, path, session_id, occurred_at, data)
       select case when i % 10 < 6 then 'page_view'
                   when i % 10 = 6 then 'button_click'
                   when i % 10 = 7 then 'scroll_depth'
                   else 'waitlist_step_completed' end,
              '/' || (array['', 'features', 'blog', 'beta', 'contact'])[1 + i % 5]
                  || case when i % 40 >= 5 then '/page-' || (i % 40) else '' end,
              'scale-' || ($1::bigint + i) / 5,
              now() - make_interval(secs => (($1::bigint + i) * 7919) % (90 * 86400)),
              jsonb_build_object(
                'sessionId', 'scale-' || ($1::bigint + i) / 5,
                'referrer', case when i % 3 = 0 then 'https://www' || (i % 20) || '.example.com/'
                                 else '' end)
              || case when i % 10 >= 8
                      then jsonb_build_object('step_number', 1 + i % 7, 'step_name', 'step')
                      else '{}'::jsonb end
                 || case when i % 10 = 7 then jsonb_build_object('depth', 50) else '{}'::jsonb end
       from generate_series(1, $2::int) as i`,
      [existing, count],
    );
    existing += count;
    log(`analytics events: ${existing.toLocaleString('en-US')}`);
  }
  await pool.query('vacuum analyze analytics_events');
  log(
    `analytics events filled to ${existing.toLocaleString('en-US')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return existing;
}

/**
 * Whatever keeps the analytics rollups up to date after a fill with plain SQL
 * (the API's own rollup job would get there, but the figures must not wait on it).
 */
async function rollUp(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ name: string }>(
    `select proname as name from pg_proc where proname = 'analytics_rollups_rebuild'`,
  );
  if (rows.length === 0) return;
  const started = performance.now();
  await pool.query('select analytics_rollups_rebuild()');
  log(`analytics rolled up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Entries at the front, in the middle and at the back of the queue, for their status pages. */
async function queuedEntries(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `(select id from waitlist_entries where confirmed_at is not null order by created_at asc limit 1)
     union all
     (select id from waitlist_entries where confirmed_at is not null
      order by created_at asc offset (select count(*) / 2 from waitlist_entries) limit 1)
     union all
     (select id from waitlist_entries where confirmed_at is not null order by created_at desc limit 1)`,
  );
  return rows.map((row) => row.id);
}

interface SizeFigures {
  label: string;
  /** The first console read after the fill (nothing warm yet): the queue sorted by position. */
  firstReadMs: number;
  reads: Map<string, Timing>;
  status: Timing;
  publicAlone: LoadResult;
  publicWithConsole: LoadResult;
  consoleReadsMeanwhile: number;
}

async function measureSize(
  apiUrl: string,
  pool: pg.Pool,
  session: StaffSession,
  settings: ScaleSettings,
  label: string,
): Promise<SizeFigures> {
  const headers = { cookie: session.cookie };
  const firstStarted = performance.now();
  const first = await fetch(`${apiUrl}${CONSOLE_READS[2]!.path}`, { headers });
  await first.arrayBuffer();
  const firstReadMs = performance.now() - firstStarted;
  if (first.status !== 200) throw new Error(`the first console read: HTTP ${first.status}`);
  const reads = new Map<string, Timing>();
  for (const read of CONSOLE_READS) {
    log(`scale ${label}: ${read.figure}`);
    reads.set(read.figure, await timeReads(`${apiUrl}${read.path}`, headers, settings.samples));
  }
  const entries = await queuedEntries(pool);
  log(`scale ${label}: status pages`);
  const statusTimes: Timing[] = [];
  for (const id of entries) {
    statusTimes.push(
      await timeReads(
        `${apiUrl}/api/waitlist/status?token=${encodeURIComponent(statusToken(id))}`,
        {},
        settings.samples,
      ),
    );
  }
  const status = {
    medianMs: Math.max(...statusTimes.map((t) => t.medianMs)),
    p95Ms: Math.max(...statusTimes.map((t) => t.p95Ms)),
  };

  // A person's status page under load, alone and while a staff member reads the
  // heaviest console pages one after another (as fast as the answers come).
  const publicTarget = {
    url: `${apiUrl}/api/waitlist/status?token=${encodeURIComponent(statusToken(entries.at(-1)!))}`,
  };
  const loadSettings = {
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
    connections: 10,
  };
  log(`scale ${label}: public status page under load, alone`);
  const publicAlone = await load(publicTarget, loadSettings);
  log(`scale ${label}: the same while the console is read`);
  let reading = true;
  let consoleReadsMeanwhile = 0;
  const heavy = CONSOLE_READS.filter((read) =>
    /position|dashboard|sources|search/.test(read.figure),
  );
  const staffMember = (async () => {
    for (let i = 0; reading; i++) {
      const response = await fetch(`${apiUrl}${heavy[i % heavy.length]!.path}`, { headers });
      await response.arrayBuffer();
      consoleReadsMeanwhile++;
    }
  })();
  const publicWithConsole = await load(publicTarget, loadSettings).finally(() => {
    reading = false;
  });
  await staffMember;
  return {
    label,
    firstReadMs,
    reads,
    status,
    publicAlone,
    publicWithConsole,
    consoleReadsMeanwhile,
  };
}

function rowsOf(small: SizeFigures, large: SizeFigures): Row[] {
  const rows: Row[] = [];
  const within = (timing: Timing, budget: Timing) =>
    timing.medianMs <= budget.medianMs && timing.p95Ms <= budget.p95Ms;
  for (const read of CONSOLE_READS) {
    const at = large.reads.get(read.figure)!;
    rows.push(
      absoluteRow({
        section: 'Scale',
        figure: `console: ${read.figure}`,
        value: `${describe(at)} at ${large.label}`,
        budget: `median ≤ ${CONSOLE_BUDGET.medianMs} ms, p95 ≤ ${CONSOLE_BUDGET.p95Ms} ms`,
        ok: within(at, CONSOLE_BUDGET),
        baseline: `${describe(small.reads.get(read.figure)!)} at ${small.label}`,
      }),
    );
  }
  rows.push(
    absoluteRow({
      section: 'Scale',
      figure: 'console: the first read after the fill (by queue position, page 1)',
      value: `${formatMs(large.firstReadMs)} at ${large.label}`,
      budget: `≤ ${CONSOLE_BUDGET.p95Ms} ms`,
      ok: large.firstReadMs <= CONSOLE_BUDGET.p95Ms,
      baseline: `${formatMs(small.firstReadMs)} at ${small.label}`,
    }),
    absoluteRow({
      section: 'Scale',
      figure: 'a person’s status page (front, middle and back of the queue: the slowest)',
      value: `${describe(large.status)} at ${large.label}`,
      budget: `≤ ${STATUS_BUDGET.medianMs} ms`,
      ok: within(large.status, STATUS_BUDGET),
      baseline: `${describe(small.status)} at ${small.label}`,
    }),
  );
  for (const figures of [small, large]) {
    const refused = figures.publicWithConsole.non2xx + figures.publicWithConsole.errors;
    const slowdown = figures.publicWithConsole.p99Ms / Math.max(1, figures.publicAlone.p99Ms);
    rows.push(
      absoluteRow({
        section: 'Scale',
        figure: `public status page under load while a staff member reads the console (${figures.consoleReadsMeanwhile} reads), at ${figures.label}`,
        value: `${describeLoad(figures.publicWithConsole)}, ${refused} refused or failed`,
        budget: `no 503, p99 ≤ ${PUBLIC_SLOWDOWN_BUDGET}× alone`,
        ok: refused === 0 && slowdown <= PUBLIC_SLOWDOWN_BUDGET,
        baseline: `alone: ${describeLoad(figures.publicAlone)} (p99 ${slowdown.toFixed(2)}×)`,
      }),
    );
  }
  return rows;
}

export async function scaleSection(options: {
  apiUrl: string;
  pool: pg.Pool;
  session: StaffSession;
  settings: ScaleSettings;
}): Promise<Row[]> {
  const { apiUrl, pool, session, settings } = options;
  const sizes = [
    { entries: Math.round(settings.entries / 10), events: Math.round(settings.events / 10) },
    { entries: settings.entries, events: settings.events },
  ];
  const figures: SizeFigures[] = [];
  for (const size of sizes) {
    const started = performance.now();
    const entries = await fillWaitlist(pool, size.entries, { confirmedShare: 0.7 });
    const events = await fillEvents(pool, size.events);
    await rollUp(pool);
    log(`scale: filled in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
    const label = `${entries.toLocaleString('en-US')} entries / ${events.toLocaleString('en-US')} events`;
    figures.push(await measureSize(apiUrl, pool, session, settings, label));
  }
  return rowsOf(figures[0]!, figures[1]!);
}
