import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, signInAdmin } from '../helpers/admin';
import { type FakePostmark, startFakePostmark } from '../helpers/fake-postmark';
import { createTestContext, type TestContext, validWaitlistSignup } from '../helpers/test-app';

/**
 * Generous (the embedded database takes 50 writes one at a time on a busy machine):
 * it rules out a request left hanging. A request that waited on Postmark would fail
 * outright, since every send times out while the fake hangs.
 */
const ANSWER_BOUND_MS = 15_000;

/** Polls until `check` holds, or fails naming `what`. */
async function waitUntil(what: string, check: () => boolean | Promise<boolean>, ms = 40_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Postmark down or slow under load (issue 9, "Faults"): signups and approvals
 * answer at once, since mail leaves through the outbox; once Postmark is back,
 * the worker catches up and every message goes out exactly once, including
 * those Postmark took while the client had already given up on the answer.
 */
describe('Postmark hanging while signups and approvals arrive', () => {
  let fake: FakePostmark;
  let ctx: TestContext;
  let admin: AdminSession;
  let base: string;

  beforeAll(async () => {
    fake = await startFakePostmark();
    ctx = await createTestContext(
      {
        POSTMARK_SERVER_TOKEN: fake.token,
        POSTMARK_API_HOST: fake.host,
        POSTMARK_TIMEOUT_MS: '300',
        EMAIL_WORKER_POLL_MS: '20',
        EMAIL_RETRY_BASE_MS: '20',
        EMAIL_MAX_ATTEMPTS: '50',
      },
      undefined,
      // The worker polls in the background, as on the server.
      { startEmailWorker: true },
    );
    admin = await signInAdmin(ctx);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    fake.setMode({ kind: 'ok' });
    await ctx?.close();
    await fake?.close();
  });

  async function timed(path: string, init: RequestInit) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, init);
    const body = (await response.json()) as Record<string, unknown>;
    return { status: response.status, body, elapsedMs: performance.now() - started };
  }

  it('answers 201 at once while Postmark hangs, then delivers each message exactly once', async () => {
    fake.setMode({ kind: 'hang' });

    // 50 signups at once, while every send hangs past the client's timeout.
    const signups = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        timed('/api/waitlist', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(validWaitlistSignup({ email: `slow-mail-${i}@example.com` })),
        }),
      ),
    );
    for (const answer of signups) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.elapsedMs).toBeLessThan(ANSWER_BOUND_MS);
    }

    // Approvals too: each queues an invitation in its transaction.
    for (const answer of signups.slice(0, 5)) {
      const approval = await timed(`/api/admin/beta/approve/${String(answer.body.id)}`, {
        method: 'POST',
        headers: admin.headers,
      });
      expect(approval.status, JSON.stringify(approval.body)).toBe(201);
      expect(approval.elapsedMs).toBeLessThan(ANSWER_BOUND_MS);
    }

    // The worker really is trying (and timing out) meanwhile.
    await waitUntil(
      'sends timing out',
      () => fake.requests.filter((request) => request.path === '/email').length >= 10,
    );

    // Then Postmark takes messages but the answers never come back: the client times
    // out on messages that did go out. A retry must find them, not send them again.
    fake.setMode({ kind: 'accept-then-hang' });
    await waitUntil('messages accepted without an answer', () => fake.accepted.length >= 5);

    fake.setMode({ kind: 'ok' });
    const outbox = () =>
      sql<{ id: string; status: string }>`select id, status from email_outbox`
        .execute(ctx.database.db)
        .then((result) => result.rows);
    await waitUntil('the outbox to drain', async () =>
      (await outbox()).every((row) => row.status === 'sent'),
    );

    const rows = await outbox();
    expect(rows).toHaveLength(55); // 50 welcome emails, 5 invitations
    const deliveries = new Map<string, number>();
    for (const email of fake.accepted) {
      const id = email.Metadata?.outbox_id ?? 'missing';
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    }
    console.log(
      `outbox ${rows.length} messages; Postmark saw ${fake.requests.length} requests, accepted ${fake.accepted.length}`,
    );
    expect([...deliveries.keys()].sort()).toEqual(rows.map((row) => row.id).sort());
    expect([...deliveries.entries()].filter(([, count]) => count !== 1)).toEqual([]);
  });
});
