import autocannon, { type AutocannonResult } from 'autocannon';
import { type Cluster, type ClusterOptions, startCluster, startPair } from './cluster';
import type { ServerProcess } from './processes';
import { type Kind, Traffic } from './traffic';
import { type KindSummary, percentile, summarize } from './verify';

export interface PhaseOptions {
  durationSeconds: number;
  /** Split between the two API instances. */
  connections: number;
  /** PostgreSQL goes away at `cutAtSeconds` and comes back at `restoreAtSeconds`. */
  restart?: { cutAtSeconds: number; restoreAtSeconds: number };
  /** Share of requests from a few busy addresses, so the rate limits answer some 429. */
  busyShare?: number;
  /** How many busy addresses share `busyShare` (default 2). */
  busyAddresses?: number;
  /**
   * Normal mode: let 503 `overloaded` (load shedding, when the event loop lags) pass the
   * checks. For a machine busy with other work (CI); off for the figures.
   */
  allowShedding?: boolean;
  /** Only these types of request (default: the whole mix). */
  kinds?: readonly Kind[];
  log?: (line: string) => void;
}

export interface LoadOptions extends PhaseOptions, Omit<ClusterOptions, 'proxy'> {
  /** Also measure a bare Fastify with the same traffic (two processes, same connections). */
  baseline: boolean;
}

export interface Throughput {
  requestsPerSecond: number;
  p99Ms: number;
}

export interface LoadReport extends Throughput {
  options: PhaseOptions;
  kinds: KindSummary[];
  /** autocannon's connection errors and timeouts, both instances. */
  errors: number;
  timeouts: number;
  baseline?: Throughput;
  /** Restart mode: when the first and last 5xx came (seconds from the start), and the 2xx after. */
  outage?: { firstErrorAt?: number; lastErrorAt?: number; okAfterRestore: number };
  /** Facts worth reading that fail nothing. */
  notes: string[];
  /** Broken checks; empty when the run passed. */
  failures: string[];
}

interface Fired {
  results: AutocannonResult[];
  elapsedSeconds: number;
}

/** Two autocannon instances at once, half the connections each, one per server. */
async function fire(
  servers: ServerProcess[],
  traffic: Traffic,
  options: Pick<PhaseOptions, 'connections' | 'durationSeconds'>,
): Promise<Fired> {
  traffic.start();
  const started = Date.now();
  const results = await Promise.all(
    servers.map(
      (server, index) =>
        new Promise<AutocannonResult>((resolve, reject) => {
          const share = Math.floor(options.connections / servers.length);
          const extra = index < options.connections % servers.length ? 1 : 0;
          autocannon(
            {
              url: server.url,
              connections: Math.max(1, share + extra),
              duration: options.durationSeconds,
              timeout: 10,
              requests: [traffic.request()],
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
        }),
    ),
  );
  return { results, elapsedSeconds: (Date.now() - started) / 1000 };
}

function throughput(traffic: Traffic, elapsedSeconds: number): Throughput {
  const latencies = traffic.sent.flatMap((record) =>
    record.latencyMs === undefined ? [] : [record.latencyMs],
  );
  return {
    requestsPerSecond: latencies.length / elapsedSeconds,
    p99Ms: percentile(latencies, 0.99),
  };
}

async function measureBaseline(options: LoadOptions): Promise<Throughput> {
  const started: ServerProcess[] = [];
  try {
    const servers = await startPair(
      'baseline',
      'scripts/load/hello-server.ts',
      (port) => ({ ...(process.env as Record<string, string>), API_PORT: String(port) }),
      started,
    );
    const traffic = new Traffic({ busyShare: 0, busyAddresses: 1, kinds: options.kinds });
    const { elapsedSeconds } = await fire(servers, traffic, options);
    return throughput(traffic, elapsedSeconds);
  } finally {
    await Promise.all(started.map((server) => server.stop()));
  }
}

function check(report: LoadReport): void {
  const { failures, notes, options } = report;
  const restart = Boolean(options.restart);
  const answered = report.kinds.reduce((sum, kind) => sum + kind.requests - kind.unanswered, 0);
  if (answered === 0) failures.push('no request was answered');
  for (const kind of report.kinds) {
    const name = kind.kind;
    if (kind.requests > 0 && kind.ok === 0) failures.push(`${name}: no 2xx answer at all`);
    if (kind.rowsMissing > 0)
      failures.push(`${name}: ${kind.rowsMissing} rows of 2xx answers are not stored`);
    if (kind.rowsUnexplained > 0)
      failures.push(`${name}: ${kind.rowsUnexplained} rows no request sent`);
    if (kind.otherServerErrors > 0)
      failures.push(`${name}: ${kind.otherServerErrors} answers 5xx other than 503`);
    if (kind.otherStatuses > 0)
      failures.push(`${name}: ${kind.otherStatuses} answers other than 2xx, 429, 5xx`);
    for (const [type, count] of Object.entries(kind.unavailableTypes)) {
      const line = `${name}: ${count} answers 503 ${type}`;
      const contract = type !== 'not JSON' && type !== 'no type';
      const allowed = restart || (type === 'overloaded' && options.allowShedding);
      (contract && allowed ? notes : failures).push(line);
    }
    if (kind.storedDespiteError > 0) {
      const line = `${name}: ${kind.storedDespiteError} requests answered with an error were stored anyway`;
      // With the database cut, a commit can land while its acknowledgement is lost.
      (restart ? notes : failures).push(line);
    }
    if (kind.storedUnanswered > 0) {
      notes.push(`${name}: ${kind.storedUnanswered} requests in flight at the end were stored`);
    }
  }
  if (report.outage) {
    const unavailable = report.kinds.reduce(
      (sum, kind) => sum + (kind.unavailableTypes.database_unavailable ?? 0),
      0,
    );
    if (unavailable === 0) failures.push('the outage produced no 503 database_unavailable');
    if (report.outage.okAfterRestore === 0)
      failures.push('no 2xx answer after the database came back');
  }
  if (report.errors > 0 || report.timeouts > 0) {
    failures.push(`${report.errors} connection errors, ${report.timeouts} timeouts (10 s)`);
  }
}

/**
 * One run of the mixed public writes against a cluster, every answer then
 * checked against the database. Rows are matched by this run's keys, so runs
 * can follow each other on one cluster. With `stopServers`, the instances stop
 * gracefully before the rows are counted (requests in flight finish first).
 */
export async function runPhase(
  cluster: Cluster,
  options: PhaseOptions,
  { stopServers = false } = {},
): Promise<LoadReport> {
  const log = options.log ?? (() => undefined);
  const { servers, proxy } = cluster;
  const traffic = new Traffic({
    busyShare: options.busyShare ?? 0.03,
    busyAddresses: options.busyAddresses ?? 2,
    kinds: options.kinds,
  });
  const timers: NodeJS.Timeout[] = [];
  if (options.restart) {
    if (!proxy) throw new Error('a restart run needs a cluster started with a proxy');
    const { cutAtSeconds, restoreAtSeconds } = options.restart;
    timers.push(
      setTimeout(() => (log('database cut'), proxy.cut()), cutAtSeconds * 1000),
      setTimeout(() => (log('database restored'), proxy.restore()), restoreAtSeconds * 1000),
    );
  }
  let fired: Fired;
  try {
    log(`${options.connections} connections for ${options.durationSeconds} s`);
    fired = await fire(servers, traffic, options);
  } finally {
    for (const timer of timers) clearTimeout(timer);
    proxy?.restore();
  }

  const failures = stopServers
    ? await cluster.stopServers()
    : servers
        .filter((server) => server.diedEarly())
        .map((server) => `${server.label} exited during the run:\n${server.output()}`);
  log('checking the database');
  const report: LoadReport = {
    options,
    kinds: await summarize(cluster.db, traffic),
    ...throughput(traffic, fired.elapsedSeconds),
    errors: fired.results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: fired.results.reduce((sum, result) => sum + result.timeouts, 0),
    notes: [],
    failures,
  };
  if (options.restart) {
    const restoredAtMs = options.restart.restoreAtSeconds * 1000;
    const errorTimes = traffic.sent
      .filter((record) => record.status !== undefined && record.status >= 500)
      .map((record) => record.answeredAtMs! / 1000);
    report.outage = {
      firstErrorAt: errorTimes.length ? errorTimes.reduce((a, b) => Math.min(a, b)) : undefined,
      lastErrorAt: errorTimes.length ? errorTimes.reduce((a, b) => Math.max(a, b)) : undefined,
      okAfterRestore: traffic.sent.filter(
        (record) =>
          record.status !== undefined && record.status < 300 && record.answeredAtMs! > restoredAtMs,
      ).length,
    };
  }
  check(report);
  return report;
}

/**
 * `pnpm loadtest`: two API instances on one fresh PostgreSQL database and one
 * Redis, one run, then (optionally) the baseline with the same traffic.
 */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const cluster = await startCluster({ ...options, proxy: Boolean(options.restart) });
  let report: LoadReport;
  try {
    report = await runPhase(cluster, options, { stopServers: true });
  } finally {
    await cluster.close();
  }
  if (options.baseline) {
    options.log?.('baseline: bare Fastify, same traffic');
    report.baseline = await measureBaseline(options);
  }
  return report;
}
