/**
 * The bench's settings, read once from the environment:
 *
 *   BENCH_SKIP_BUILD=1        use the existing production builds of the two apps
 *   BENCH_ONLY=api,csv        run only these sections (lighthouse, js, inp, ssr, api, csv)
 *   BENCH_DATABASE_URL        PostgreSQL server a fresh database is created on (and dropped after);
 *                             else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_DURATION=10         seconds of each autocannon run (after a warm-up of BENCH_WARMUP=2)
 *   BENCH_CONNECTIONS=50      autocannon connections
 *   BENCH_LIGHTHOUSE_RUNS=5   Lighthouse runs per page (the median is reported)
 *   BENCH_PAGES=/beta,/contact  Lighthouse audits these pages only (default: every page)
 *   BENCH_INP_ROUNDS=5        rounds through the waitlist wizard for INP (the median is reported)
 *   CHROMIUM_PATH             Chromium binary (default /usr/bin/chromium, see @repo/e2e)
 *
 * `pnpm bench --scale` (or BENCH_ONLY=scale) runs the scale section alone (issue 32):
 *   BENCH_SCALE_ENTRIES=1000000  waitlist entries at the large size (the small one is a tenth)
 *   BENCH_SCALE_EVENTS=10000000  analytics events at the large size (likewise)
 *   BENCH_SCALE_SAMPLES=30       sequential answers per read figure (median and p95)
 *
 * `pnpm bench --import` (or BENCH_ONLY=import) runs the CSV import section alone (issue 34):
 *   BENCH_IMPORT_ROWS=100000     rows of the generated file
 */
const SECTIONS = ['lighthouse', 'js', 'inp', 'ssr', 'api', 'csv', 'scale', 'import'] as const;
/**
 * The sections a plain `pnpm bench` runs: the scale run fills millions of rows and
 * the import run adds 100,000 entries (on top of the CSV section's million), only when asked.
 */
const DEFAULT_SECTIONS = SECTIONS.filter((section) => section !== 'scale' && section !== 'import');
export type Section = (typeof SECTIONS)[number];

export interface BenchConfig {
  build: boolean;
  sections: Section[];
  databaseServerUrl: string;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  lighthouseRuns: number;
  lighthousePages: string[] | undefined;
  inpRounds: number;
  scale: { entries: number; events: number; samples: number };
  importRows: number;
}

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

function positiveNumber(name: string, fallback: number, { allowZero = false } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number`);
  }
  return value;
}

function sectionsOf(raw: string | undefined): Section[] {
  if (process.argv.includes('--scale')) return ['scale'];
  if (process.argv.includes('--import')) return ['import'];
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_SECTIONS];
  const names = raw
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(`BENCH_ONLY takes a list of ${SECTIONS.join(', ')} (got "${raw}")`);
  }
  // In the order of the table, whatever the order given.
  return SECTIONS.filter((section) => names.includes(section));
}

function flag(name: string): boolean {
  const raw = (process.env[name] ?? '').trim().toLowerCase();
  return raw !== '' && raw !== '0' && raw !== 'false';
}

export function readConfig(): BenchConfig {
  return {
    build: !flag('BENCH_SKIP_BUILD'),
    sections: sectionsOf(process.env.BENCH_ONLY),
    databaseServerUrl:
      process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_URL,
    durationSeconds: positiveNumber('BENCH_DURATION', 10),
    warmupSeconds: positiveNumber('BENCH_WARMUP', 2, { allowZero: true }),
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 50)),
    lighthouseRuns: Math.round(positiveNumber('BENCH_LIGHTHOUSE_RUNS', 5)),
    lighthousePages: process.env.BENCH_PAGES?.trim()
      ? process.env.BENCH_PAGES.split(',')
          .map((path) => path.trim())
          .filter(Boolean)
      : undefined,
    inpRounds: Math.round(positiveNumber('BENCH_INP_ROUNDS', 5)),
    scale: {
      entries: Math.round(positiveNumber('BENCH_SCALE_ENTRIES', 1_000_000)),
      events: Math.round(positiveNumber('BENCH_SCALE_EVENTS', 10_000_000)),
      samples: Math.round(positiveNumber('BENCH_SCALE_SAMPLES', 30)),
    },
    importRows: Math.round(positiveNumber('BENCH_IMPORT_ROWS', 100_000)),
  };
}
