/**
 * Section 5: the console's CSV export of the whole waitlist (1,000,000 entries)
 * through the API, read as fast as the bench can, while the API process's
 * resident memory is sampled from /proc. The baseline is PostgreSQL's own CSV:
 * psql's COPY of the same query (same columns, join and order) to stdout.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { residentBytes } from '@repo/e2e';
import type pg from 'pg';
import { fillWaitlist } from './seed';
import { log } from './log';
import type { StaffSession } from './stack';
import { absoluteRow, formatMs, MB, ratioRow, type Row } from './table';

const ENTRIES = 1_000_000;
const MEMORY_BUDGET = 64 * MB;
const SAMPLE_EVERY_MS = 25;

/**
 * The export's rows (apps/api waitlist-export.ts): the same sixteen columns, join and
 * order, as they are stored. The export also formats its cells (dates, the formula
 * guard); the baseline is the table as COPY writes it bare.
 */
const EXPORT_QUERY = `select w.id, w.email, w.first_name, w.last_name, w.company_name,
  w.primary_use, w.user_type, w.content_workflow, w.monthly_content_volume,
  w.biggest_challenge, w.created_at, p.id as participant_id, w.confirmed_at,
  w.referral_code, w.referred_by_id, w.referral_count
  from waitlist_entries w left join beta_participants p on p.waitlist_entry_id = w.id
  order by w.created_at desc, w.id desc`;

interface Transfer {
  lines: number;
  bytes: number;
  seconds: number;
  /** Whether the answer ended normally (not cut by the server). */
  complete: boolean;
}

/** Counts the lines and bytes of a stream of CSV. */
function lineCounter() {
  const counted = { lines: 0, bytes: 0 };
  return {
    counted,
    add(chunk: Buffer) {
      counted.bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) counted.lines++;
    },
  };
}

function psqlCopy(databaseUrl: string): Promise<Transfer> {
  const started = performance.now();
  const { counted, add } = lineCounter();
  return new Promise((resolve, reject) => {
    const child = spawn(
      'psql',
      [
        '-X',
        '-q',
        '-v',
        'ON_ERROR_STOP=1',
        '-d',
        databaseUrl,
        '-c',
        `copy (${EXPORT_QUERY}) to stdout with csv`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child.stdout.on('data', add);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve({ ...counted, seconds: (performance.now() - started) / 1000, complete: true })
        : reject(new Error(`psql exited with ${code}`)),
    );
  });
}

/**
 * GET the export (identity, as psql's output is), reading it as it comes. An
 * answer the server cuts short resolves too, marked incomplete.
 */
function apiExport(apiUrl: string, cookie: string): Promise<Transfer> {
  const started = performance.now();
  const { counted, add } = lineCounter();
  return new Promise((resolve, reject) => {
    const finish = (complete: boolean) =>
      resolve({ ...counted, seconds: (performance.now() - started) / 1000, complete });
    const req = request(
      `${apiUrl}/api/admin/waitlist/export`,
      { headers: { cookie, 'accept-encoding': 'identity' } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`export: HTTP ${response.statusCode}`));
          return;
        }
        response.on('data', add);
        // A cut answer errors, then closes: `complete` says whether it all arrived.
        response.on('error', () => undefined);
        response.on('close', () => finish(response.complete));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function csvSection(options: {
  apiUrl: string;
  apiPid: number;
  pool: pg.Pool;
  databaseUrl: string;
  session: StaffSession;
}): Promise<Row[]> {
  const entries = await fillWaitlist(options.pool, ENTRIES);
  // Once untimed: the table is then in the operating system's cache for both runs.
  log('csv: psql COPY (warm-up)');
  await psqlCopy(options.databaseUrl);

  log('csv: export through the API');
  const before = residentBytes(options.apiPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(options.apiPid));
  }, SAMPLE_EVERY_MS);
  let exported: Transfer;
  try {
    exported = await apiExport(options.apiUrl, options.session.cookie);
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, residentBytes(options.apiPid));
  // The header line, then one line per entry (no value the bench seeds holds a line break).
  const rowsExported = Math.max(0, exported.lines - 1);
  const complete = exported.complete && rowsExported === entries;
  if (!complete) {
    log(`csv: the export ended after ${exported.seconds.toFixed(1)} s with ${rowsExported} rows`);
  }

  log('csv: psql COPY');
  const copied = await psqlCopy(options.databaseUrl);
  if (copied.lines !== entries)
    throw new Error(`psql: ${copied.lines} lines for ${entries} entries`);

  const growth = peak - before;
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  const speed = ratioRow({
    section: 'CSV',
    figure: `export of ${entries.toLocaleString('en-US')} entries: rows/s`,
    value: rowsExported / exported.seconds,
    baseline: entries / copied.seconds,
    minRatio: 0.5,
    unit: 'rows/s',
    valueNote: `${formatMs(exported.seconds * 1000)}, ${mb(exported.bytes)}`,
    baselineLabel: `psql COPY … TO STDOUT WITH CSV, ${formatMs(copied.seconds * 1000)}, ${mb(copied.bytes)}`,
  });
  if (!complete) {
    speed.value = `INCOMPLETE: cut after ${formatMs(exported.seconds * 1000)} at ${rowsExported.toLocaleString('en-US')} rows (${speed.value})`;
    speed.verdict = 'FAIL';
  }
  return [
    absoluteRow({
      section: 'CSV',
      figure: `export of ${entries.toLocaleString('en-US')} entries: API memory growth`,
      value: `${mb(growth)} (RSS ${mb(before)} → peak ${mb(peak)})`,
      budget: `≤ ${MEMORY_BUDGET / MB} MB`,
      ok: growth <= MEMORY_BUDGET,
    }),
    speed,
  ];
}
