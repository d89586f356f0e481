import { createDatabase, type DatabaseHandle } from '@repo/db';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postmarkEnv } from '../helpers/use-context';
import { linkSecretsKey } from '../../src/email/link-secrets';
import { createOutboxWorker } from '../../src/email-outbox/outbox-worker';
import { createPostmarkTransport } from '../../src/email/postmark-transport';
import { type AdminSession, signInAdmin } from '../helpers/admin';
import { type FakePostmark, startFakePostmark } from '../helpers/fake-postmark';
import { readRest } from '../helpers/streams';
import { createTestContext, type TestContext, validWaitlistSignup } from '../helpers/test-app';

const serverUrl = process.env.TEST_DATABASE_URL;

const UNAVAILABLE = {
  message: 'The database is unavailable, please try again shortly',
  type: 'database_unavailable',
};

/**
 * The server ends the API's connections (a restart, a failover, an operator's
 * pg_terminate_backend) in the middle of a transaction, a streaming cursor and
 * the outbox worker's claim: the request in question fails, the process does
 * not, and the API keeps answering (issue 9, "Faults").
 */
describe.runIf(serverUrl)('server-side connection kills', () => {
  let ctx: TestContext;
  let fake: FakePostmark;
  let admin: AdminSession;
  /** The test's own connections to the test database: one watches and kills, one holds locks. */
  let control: DatabaseHandle;
  let locker: DatabaseHandle;
  /** The backend holding a lock for the test, spared by the kills. */
  let lockerPid = 0;
  let databaseName: string;
  let base: string;
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    fake = await startFakePostmark();
    ctx = await createTestContext(postmarkEnv(fake));
    admin = await signInAdmin(ctx);
    databaseName = new URL(ctx.database.url!).pathname.slice(1);
    control = await createDatabase({ kind: 'postgres', url: ctx.database.url!, poolSize: 1 });
    locker = await createDatabase({ kind: 'postgres', url: ctx.database.url!, poolSize: 1 });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await control?.close();
    await locker?.close();
    // A response left hanging (the failure the export case looks for) must not hang the teardown.
    ctx?.app.server.closeAllConnections();
    await ctx?.close();
    await fake?.close();
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  });

  /** Rows of a query on the test's own connection (the API's pool may hold a killed one). */
  async function query<Row>(statement: RawBuilder<Row>): Promise<Row[]> {
    return (await statement.execute(control.db)).rows;
  }

  /**
   * Ends every connection to the test database but the test's own: the API's pool.
   * (Outside a transaction: pg_stat_activity is a snapshot within one.)
   */
  async function terminateOthers(): Promise<number> {
    const rows = await query(sql<{ killed: boolean }>`
      select pg_terminate_backend(pid) as killed from pg_stat_activity
      where datname = ${databaseName} and pid not in (pg_backend_pid(), ${lockerPid})
    `);
    return rows.filter((row) => row.killed).length;
  }

  /** Polls pg_stat_activity until a backend of the API matches `condition`. */
  async function waitForBackend(condition: RawBuilder<unknown>) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const rows = await query(sql<{ pid: number }>`
        select pid from pg_stat_activity
        where datname = ${databaseName} and pid not in (pg_backend_pid(), ${lockerPid})
          and ${condition}
      `);
      if (rows.length > 0) return;
      if (Date.now() > deadline) throw new Error('no backend of the API in the expected state');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Runs `lock` in a transaction on the locker connection and keeps it open until
   * the returned function is called.
   */
  async function holdLock(lock: RawBuilder<unknown>): Promise<() => Promise<void>> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: (pid: number) => void;
    const holding = new Promise<number>((resolve) => (held = resolve));
    const transaction = locker.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await lock.execute(trx);
      held(rows[0]!.pid);
      await released;
    });
    lockerPid = await Promise.race([holding, transaction.then(() => 0)]);
    return async () => {
      release();
      await transaction;
      lockerPid = 0;
    };
  }

  /**
   * The API still answers: health 200, then a signup 201. A request that draws a
   * pooled connection killed a moment earlier (its close not yet read) gets a 503,
   * which clients retry as Retry-After says; so each is asked until it passes.
   */
  async function expectApiAnswers() {
    const ask = async (request: () => Promise<{ statusCode: number }>, expected: number) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const response = await request();
        if (response.statusCode !== 503 || Date.now() > deadline) {
          expect(response.statusCode).toBe(expected);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await ask(() => ctx.app.inject({ method: 'GET', url: '/api/health' }), 200);
    await ask(
      () =>
        ctx.app.inject({ method: 'POST', url: '/api/waitlist', payload: validWaitlistSignup() }),
      201,
    );
  }

  it('in the middle of a transaction (a beta approval): 503 for that request, then approval works', async () => {
    const entry = await ctx.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: validWaitlistSignup({ email: 'approve-me@example.com' }),
    });
    const { id } = entry.json<{ id: string }>();

    // The approval waits on the beta-cap lock inside its transaction, held here.
    const releaseLock = await holdLock(
      sql`select pg_advisory_xact_lock(hashtext('wordloom:beta-cap'))`,
    );
    // .then() starts the injected request (inject is lazy until awaited).
    const approval = ctx.app
      .inject({ method: 'POST', url: `/api/admin/beta/approve/${id}`, headers: admin.headers })
      .then((response) => response);
    await waitForBackend(sql`wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock%'`);
    expect(await terminateOthers()).toBeGreaterThan(0);
    const killed = await approval;
    await releaseLock();

    expect(killed.statusCode).toBe(503);
    expect(killed.json()).toEqual(UNAVAILABLE);
    expect(killed.headers['retry-after']).toBeDefined();
    // Nothing of the killed transaction remains: no participant, no invitation.
    const participants = await query(
      sql`select id from beta_participants where email = 'approve-me@example.com'`,
    );
    expect(participants).toHaveLength(0);

    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/beta/approve/${id}`,
      headers: admin.headers,
    });
    expect(retry.statusCode).toBe(201);
    await expectApiAnswers();
    expect(crashes.map((error) => String((error as Error)?.stack ?? error))).toEqual([]);
  });

  it('in the middle of a streaming COPY (the waitlist CSV export): the download ends short, the API goes on', async () => {
    const rows = 4_000;
    // About 36 MB: far more than the sockets between PostgreSQL and the reader hold,
    // so that the COPY is still running when the reader pauses.
    const padding = 'x'.repeat(9_000);
    for (let start = 0; start < rows; start += 1_000) {
      await ctx.database.db
        .insertInto('waitlistEntries')
        .values(
          Array.from({ length: 1_000 }, (_, i) => ({
            email: `export-${start + i}@example.com`,
            firstName: 'Export',
            lastName: `Row ${start + i}`,
            companyName: 'Streams Inc.',
            primaryUse: 'Blog Writing',
            contentWorkflow: padding,
          })),
        )
        .execute();
    }

    // Bounded well inside the test's time: a download that never ends fails, never passes.
    const response = await fetch(`${base}/api/admin/waitlist/export`, {
      headers: admin.headers,
      signal: AbortSignal.timeout(15_000),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The reader pauses: the rows wait behind back-pressure, the COPY running.
    await waitForBackend(sql`query like 'copy (%' and state = 'active'`);
    expect(await terminateOthers()).toBeGreaterThan(0);

    // The server ends the response mid-body; our own time limit is a hang, not a cut.
    const { bytes, cutShort } = await readRest(reader);
    const received = first.value!.byteLength + bytes;
    // Fewer bytes than the rows hold: an error never passes for a complete export.
    expect(cutShort || received < rows * padding.length).toBe(true);

    await expectApiAnswers();
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist/export',
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(200);
    const count = await query(sql<{ n: number }>`select count(*)::int as n from waitlist_entries`);
    expect(again.body.split('\r\n').filter((line) => line.includes('@example.com'))).toHaveLength(
      count[0]!.n,
    );
    expect(crashes.map((error) => String((error as Error)?.stack ?? error))).toEqual([]);
  });

  it("in the middle of the outbox worker's claim and its sends: every message goes out exactly once", async () => {
    await ctx.database.db.deleteFrom('emailOutbox').execute();
    fake.accepted.length = 0;
    for (let i = 0; i < 40; i += 1) {
      const signup = await ctx.app.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: validWaitlistSignup({ email: `outbox-${i}@example.com` }),
      });
      expect(signup.statusCode).toBe(201);
    }
    const queued = await ctx.database.db.selectFrom('emailOutbox').select('id').execute();
    expect(queued).toHaveLength(40);

    // A worker of its own with a short lease, so that a claim lost to a kill is taken over soon.
    const worker = createOutboxWorker({
      db: ctx.database.db,
      log: ctx.app.log,
      transport: createPostmarkTransport({
        serverToken: fake.token,
        apiHost: fake.host,
        timeoutMs: 1_000,
        from: ctx.config.EMAIL_FROM,
        streams: { outbound: 'outbound', broadcast: 'broadcast' },
      }),
      pollIntervalMs: 10,
      maxAttempts: 10,
      retryBaseMs: 1,
      retryMaxMs: 5,
      leaseMs: 300,
      batchSize: 5,
      // The confirmation links wait sealed in the outbox until sent (issue 19).
      linkKey: linkSecretsKey(ctx.config.SESSION_SECRET),
    });

    // 1. The claim itself: it blocks on a table lock held here, and is killed there.
    const releaseLock = await holdLock(sql`lock table email_outbox in exclusive mode`);
    // Settled into a value at once: a rejection waiting for its handler is not a crash.
    const claim = worker.drainOnce().then(
      () => 'finished',
      (error: unknown) => error,
    );
    await waitForBackend(sql`wait_event_type = 'Lock' and query like '%update email_outbox%'`);
    expect(await terminateOthers()).toBeGreaterThan(0);
    expect(await claim).toBeInstanceOf(Error);
    await releaseLock();

    // 2. Sends in flight: kills whenever a few more messages have gone out. Postmark
    // answers a little late, so each kill lands while sends await their answer.
    fake.setMode({ kind: 'ok', delayMs: 40 });
    const deadline = Date.now() + 40_000;
    const killAt = [5, 15, 25];
    let kills = 0;
    let drainErrors = 0;
    const killer = (async () => {
      while (kills < killAt.length && Date.now() < deadline) {
        if (fake.accepted.length >= killAt[kills]!) {
          await terminateOthers();
          kills += 1;
        } else await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    for (;;) {
      await worker.drainOnce().catch(() => {
        drainErrors += 1;
      });
      // Counted on the test's own connection: the pool may still hold a killed one.
      const left = await query(sql`select id from email_outbox where status <> 'sent'`);
      if ((left.length === 0 && kills === killAt.length) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50)); // leases run out between drains
    }
    await killer;
    fake.setMode({ kind: 'ok' });
    console.log(`outbox under kills: ${kills} kills, ${drainErrors} drains ended by an error`);
    expect(kills).toBe(3);

    const statuses = await query(sql<{ id: string; status: string }>`
      select id, status from email_outbox
    `);
    expect(statuses.every((row) => row.status === 'sent')).toBe(true);
    const deliveries = new Map<string, number>();
    for (const email of fake.accepted) {
      const id = email.Metadata?.outbox_id ?? '';
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    }
    expect([...deliveries.keys()].sort()).toEqual(statuses.map((row) => row.id).sort());
    expect(statuses).toHaveLength(queued.length);
    expect([...deliveries.values()].every((count) => count === 1)).toBe(true);

    await expectApiAnswers();
    expect(crashes.map((error) => String((error as Error)?.stack ?? error))).toEqual([]);
  });
});
