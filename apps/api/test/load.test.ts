import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../scripts/load/cluster';
import { formatReport } from '../scripts/load/report';
import { type PhaseOptions, runPhase } from '../scripts/load/run-load';

const databaseServerUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * The short form of `pnpm loadtest` (scripts/loadtest.ts, same code): two API
 * instances in production mode on one PostgreSQL (through a TCP proxy) and one
 * Redis, default rate limits, mixed public writes each from its own forwarded
 * address. It asserts the checks (every 2xx stored, rows equal to the 2xx
 * answers type by type, no unexpected status), never the speed.
 */
describe.runIf(databaseServerUrl && redisUrl)(
  'load: two API instances under mixed public writes',
  () => {
    let cluster: Cluster;
    const phase: PhaseOptions = {
      durationSeconds: 10,
      // 8 per instance: under its pool of 10, so no request waits 2 s for a connection (then 503).
      connections: 16,
      // A busy CI machine may lag the event loop: shedding (503 overloaded) is the design then.
      allowShedding: true,
      // A fifth of the requests from one address: the form limit (30 a minute) answers some
      // 429 when the machine is fast enough (not asserted: it depends on speed).
      busyShare: 0.2,
      busyAddresses: 1,
    };

    beforeAll(async () => {
      // One cluster for both runs: starting two instances is most of the time on a busy machine.
      cluster = await startCluster({
        databaseServerUrl: databaseServerUrl!,
        redisUrl: redisUrl!,
        proxy: true,
      });
    }, 120_000);
    afterAll(async () => cluster?.close(), 60_000);

    it('answers only 2xx or 429, and stores exactly the rows of the 2xx answers', async () => {
      const report = await runPhase(cluster, phase);
      console.log(formatReport(report));
      expect(report.failures).toEqual([]);
      for (const kind of report.kinds) {
        expect(kind.ok, kind.kind).toBeGreaterThan(0);
        expect(kind.otherServerErrors + kind.otherStatuses, kind.kind).toBe(0);
        expect(kind.rowsMissing, kind.kind).toBe(0);
        expect(kind.storedDespiteError, kind.kind).toBe(0);
        // Rows beyond the 2xx answers can only be requests still in flight when the run ended.
        expect(kind.rowsStored - kind.rowsPromised, kind.kind).toBeLessThanOrEqual(
          kind.kind === 'analytics' ? kind.unanswered * 10 : kind.unanswered,
        );
      }
    }, 60_000);

    it('with PostgreSQL gone from 3 s to 6 s, answers only 2xx, 429 or 503, and keeps every 2xx', async () => {
      const report = await runPhase(
        cluster,
        { ...phase, restart: { cutAtSeconds: 3, restoreAtSeconds: 6 } },
        // Graceful stop: the instances exit 0 on SIGTERM after the outage (checked in failures).
        { stopServers: true },
      );
      console.log(formatReport(report));
      expect(report.failures).toEqual([]);
      // The outage was seen (a run that never reached the database would pass vacuously).
      const unavailable = report.kinds.reduce(
        (sum, kind) => sum + (kind.unavailableTypes.database_unavailable ?? 0),
        0,
      );
      expect(unavailable).toBeGreaterThan(0);
      for (const kind of report.kinds) {
        expect(kind.otherServerErrors + kind.otherStatuses, kind.kind).toBe(0);
        expect(kind.rowsMissing, kind.kind).toBe(0);
      }
      // And the API came back by itself: 2xx answers after the database returned.
      expect(report.outage?.okAfterRestore).toBeGreaterThan(0);
    }, 60_000);
  },
);
