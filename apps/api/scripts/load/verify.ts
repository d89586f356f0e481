import type { DB } from '@repo/db';
import { sql } from 'kysely';
import { KINDS, type Kind, type SentRequest, type Traffic } from './traffic';

/** One type of request: its answers, and what the database holds for it afterwards. */
export interface KindSummary {
  kind: Kind;
  requests: number;
  ok: number;
  tooMany: number;
  unavailable: number;
  /** 503 answers by the `type` of their JSON error (overloaded, database_unavailable). */
  unavailableTypes: Record<string, number>;
  /** 5xx other than 503. */
  otherServerErrors: number;
  /** Anything else (4xx other than 429, 3xx, 1xx). */
  otherStatuses: number;
  /** Sent, never answered: in flight when the run ended, or a timeout. */
  unanswered: number;
  /** Rows the 2xx answers promise (analytics: the events of the accepted batches). */
  rowsPromised: number;
  /** Rows of this run's requests in the table afterwards. */
  rowsStored: number;
  /** Rows of 2xx answers that are not in the database. */
  rowsMissing: number;
  /** Requests answered with an error whose rows were stored anyway. */
  storedDespiteError: number;
  /** Requests without an answer whose rows were stored (allowed: the client never heard). */
  storedUnanswered: number;
  /** Rows no request of the load test carried (this run, or another on the same database). */
  rowsUnexplained: number;
  p99Ms: number;
}

/** Rows per key (email, or analytics session id) in each table. */
async function storedRows(db: DB): Promise<Record<Kind, Map<string, number>>> {
  const byEmail = async (table: string) => {
    const result = await sql<{ key: string; rows: number }>`
      select lower(email) as key, count(*)::int as rows from ${sql.table(table)} group by 1
    `.execute(db);
    return new Map(result.rows.map((row) => [row.key, row.rows]));
  };
  const analytics = await sql<{ key: string; rows: number }>`
    select session_id as key, count(*)::int as rows from analytics_events group by 1
  `.execute(db);
  return {
    waitlist: await byEmail('waitlist_entries'),
    contact: await byEmail('contact_messages'),
    feedback: await byEmail('beta_feedback_responses'),
    analytics: new Map(analytics.rows.map((row) => [row.key, row.rows])),
  };
}

const keyOf = (record: SentRequest) =>
  record.kind === 'analytics' ? record.key : `${record.key}@load.example.com`;

export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** The keys traffic.ts gives every request: `<kind>-<run id>-<n>`, forms with an address. */
const LOAD_TEST_KEY =
  /^(waitlist|contact|feedback|analytics)-[0-9a-f]{8}-\d+(@load\.example\.com)?$/;

/** Compares every answer of one run with the rows in the database, type by type. */
export async function summarize(db: DB, traffic: Traffic): Promise<KindSummary[]> {
  const stored = await storedRows(db);
  return KINDS.map((kind) => {
    const prefix = `${kind}-${traffic.runId}-`;
    const rowsByKey = new Map<string, number>();
    let rowsUnexplained = 0;
    for (const [key, rows] of stored[kind]) {
      if (key.startsWith(prefix)) rowsByKey.set(key, rows);
      else if (!LOAD_TEST_KEY.test(key)) rowsUnexplained += rows;
    }
    const records = traffic.sent.filter((record) => record.kind === kind);
    const summary: KindSummary = {
      kind,
      requests: records.length,
      ok: 0,
      tooMany: 0,
      unavailable: 0,
      unavailableTypes: {},
      otherServerErrors: 0,
      otherStatuses: 0,
      unanswered: 0,
      rowsPromised: 0,
      rowsStored: [...rowsByKey.values()].reduce((sum, rows) => sum + rows, 0),
      rowsMissing: 0,
      storedDespiteError: 0,
      storedUnanswered: 0,
      rowsUnexplained,
      p99Ms: percentile(
        records.flatMap((record) => (record.latencyMs === undefined ? [] : [record.latencyMs])),
        0.99,
      ),
    };
    const explained = new Set<string>();
    for (const record of records) {
      const key = keyOf(record);
      explained.add(key);
      const rows = rowsByKey.get(key) ?? 0;
      const { status } = record;
      if (status === undefined) {
        summary.unanswered += 1;
        if (rows > 0) summary.storedUnanswered += 1;
      } else if (status >= 200 && status < 300) {
        summary.ok += 1;
        summary.rowsPromised += record.rows;
        summary.rowsMissing += Math.max(0, record.rows - rows);
      } else {
        if (status === 429) summary.tooMany += 1;
        else if (status === 503) {
          summary.unavailable += 1;
          const type = record.errorType ?? 'no type';
          summary.unavailableTypes[type] = (summary.unavailableTypes[type] ?? 0) + 1;
        } else if (status >= 500) summary.otherServerErrors += 1;
        else summary.otherStatuses += 1;
        if (rows > 0) summary.storedDespiteError += 1;
      }
    }
    // This run's keys that no request of it carried.
    for (const [key, rows] of rowsByKey) {
      if (!explained.has(key)) summary.rowsUnexplained += rows;
    }
    return summary;
  });
}
