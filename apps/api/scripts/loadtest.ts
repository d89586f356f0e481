/**
 * Mixed public writes (waitlist, contact, survey, analytics batches), each from
 * its own forwarded address, against two API instances on one PostgreSQL and
 * one Redis; then every 2xx answer is looked up in the database, type by type.
 *
 *   pnpm loadtest                      # 100 connections for 60 s
 *   pnpm loadtest --restart            # PostgreSQL goes away for ~5 s in the middle
 *   pnpm loadtest --duration 20 --connections 40 --skip-baseline
 *   pnpm loadtest --allow-shedding     # 503 overloaded (load shedding) passes in normal mode
 *   pnpm loadtest --kinds contact,analytics   # only some types of request
 *
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server: a fresh
 * database is created on it and dropped after) and Redis at REDIS_URL or
 * TEST_REDIS_URL (default redis://127.0.0.1:6379). Exits 1 when a check fails.
 */
import { parseArgs } from 'node:util';
import { formatReport } from './load/report';
import { runLoad } from './load/run-load';
import { KINDS, type Kind } from './load/traffic';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
    restart: { type: 'boolean', default: false },
    'cut-at': { type: 'string' },
    'outage-seconds': { type: 'string', default: '5' },
    'skip-baseline': { type: 'boolean', default: false },
    'allow-shedding': { type: 'boolean', default: false },
    kinds: { type: 'string' },
  },
  // `pnpm loadtest -- --restart` passes the separator through.
  allowPositionals: true,
});

function positive(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    console.error(`--${name} must be a positive number (got ${value})`);
    process.exit(2);
  }
  return number;
}

/** `--kinds contact,analytics`: only these types of request. */
function kindsOf(value: string | undefined): Kind[] | undefined {
  if (!value) return undefined;
  const kinds = value.split(',').map((kind) => kind.trim());
  const unknown = kinds.filter((kind) => !(KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0 || kinds.length === 0) {
    console.error(`--kinds takes a list of ${KINDS.join(', ')} (got ${value})`);
    process.exit(2);
  }
  return kinds as Kind[];
}

async function main() {
  const databaseServerUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!databaseServerUrl) {
    console.error(
      'Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
    process.exit(2);
  }
  const durationSeconds = positive('duration', values.duration);
  const outage = positive('outage-seconds', values['outage-seconds']);
  const cutAt = values['cut-at']
    ? positive('cut-at', values['cut-at'])
    : Math.max(1, durationSeconds / 2 - outage / 2);
  const report = await runLoad({
    databaseServerUrl,
    redisUrl: process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    durationSeconds,
    connections: Math.round(positive('connections', values.connections)),
    restart: values.restart ? { cutAtSeconds: cutAt, restoreAtSeconds: cutAt + outage } : undefined,
    baseline: !values['skip-baseline'],
    allowShedding: values['allow-shedding'],
    kinds: kindsOf(values.kinds),
    log: (line) => console.error(`[loadtest +${(performance.now() / 1000).toFixed(1)} s] ${line}`),
  });
  console.log(formatReport(report));
  process.exit(report.failures.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
