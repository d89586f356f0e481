import type { LoadReport } from './run-load';

const COLUMNS = [
  ['type', 10],
  ['requests', 9],
  ['2xx', 8],
  ['429', 7],
  ['503', 7],
  ['of it shed', 11],
  ['5xx other', 10],
  ['other', 6],
  ['no answer', 10],
  ['rows for 2xx', 13],
  ['rows stored', 12],
  ['p99 ms', 8],
] as const;

const row = (cells: (string | number)[]) =>
  cells
    .map((cell, index) =>
      index === 0 ? String(cell).padEnd(COLUMNS[0][1]) : String(cell).padStart(COLUMNS[index]![1]),
    )
    .join(' ');

/** The one table the load test prints, then the totals, notes and failures. */
export function formatReport(report: LoadReport): string {
  const { options } = report;
  const mode = options.restart
    ? `restart (database cut at ${options.restart.cutAtSeconds} s, back at ${options.restart.restoreAtSeconds} s)`
    : 'normal';
  const lines = [
    `Load: ${options.connections} connections for ${options.durationSeconds} s over two API instances, ${mode}`,
    '',
    row(COLUMNS.map(([title]) => title)),
  ];
  const total = {
    requests: 0,
    ok: 0,
    tooMany: 0,
    unavailable: 0,
    shed: 0,
    other5xx: 0,
    other: 0,
    none: 0,
  };
  for (const kind of report.kinds) {
    lines.push(
      row([
        kind.kind,
        kind.requests,
        kind.ok,
        kind.tooMany,
        kind.unavailable,
        kind.unavailableTypes.overloaded ?? 0,
        kind.otherServerErrors,
        kind.otherStatuses,
        kind.unanswered,
        kind.rowsPromised,
        kind.rowsStored,
        kind.p99Ms.toFixed(0),
      ]),
    );
    total.requests += kind.requests;
    total.ok += kind.ok;
    total.tooMany += kind.tooMany;
    total.unavailable += kind.unavailable;
    total.shed += kind.unavailableTypes.overloaded ?? 0;
    total.other5xx += kind.otherServerErrors;
    total.other += kind.otherStatuses;
    total.none += kind.unanswered;
  }
  lines.push(
    row([
      'all',
      total.requests,
      total.ok,
      total.tooMany,
      total.unavailable,
      total.shed,
      total.other5xx,
      total.other,
      total.none,
      '',
      '',
      report.p99Ms.toFixed(0),
    ]),
    '',
    `API: ${report.requestsPerSecond.toFixed(0)} req/s answered, p99 ${report.p99Ms.toFixed(0)} ms; ` +
      `${report.errors} connection errors, ${report.timeouts} timeouts`,
  );
  if (report.baseline) {
    const ratio = report.requestsPerSecond / report.baseline.requestsPerSecond;
    lines.push(
      `Baseline (bare Fastify, same traffic): ${report.baseline.requestsPerSecond.toFixed(0)} req/s, ` +
        `p99 ${report.baseline.p99Ms.toFixed(0)} ms; API/baseline = ${ratio.toFixed(2)}`,
    );
  }
  if (report.outage) {
    const at = (seconds?: number) => (seconds === undefined ? '-' : `${seconds.toFixed(1)} s`);
    lines.push(
      `5xx answers from ${at(report.outage.firstErrorAt)} to ${at(report.outage.lastErrorAt)} after the start; ` +
        `${report.outage.okAfterRestore} 2xx answers after the database came back`,
    );
  }
  lines.push(
    '(analytics: a request is a batch of 1-10 events; its rows are events. "shed": 503 overloaded (load shedding);',
    ' the other 503s are database_unavailable. "no answer": in flight when the run ended.)',
  );
  for (const note of report.notes) lines.push(`note: ${note}`);
  lines.push(
    report.failures.length === 0
      ? 'PASS: every check held'
      : ['FAIL:', ...report.failures.map((failure) => `  - ${failure}`)].join('\n'),
  );
  return lines.join('\n');
}
