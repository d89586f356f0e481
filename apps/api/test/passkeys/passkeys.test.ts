import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestGate } from '../helpers/request-gate';
import { FREE_FAILURES } from '../../src/auth/login-throttle';
import { writeTwoFactorPolicy } from '../../src/two-factor/two-factor-repository';
import { MAX_PASSKEYS_PER_ACCOUNT } from '../../src/passkeys/passkeys-repository';
import { type AdminSession, insertStaffUser, sessionFor, STAFF_PASSWORD } from '../helpers/admin';
import { SoftAuthenticator } from '../helpers/soft-authenticator';
import { createTestContext, sessionCookie, type TestContext } from '../helpers/test-app';

/*
 * Passkeys (issue 19), with real WebAuthn responses from a software authenticator
 * (test/helpers/soft-authenticator.ts: ES256 keys from node:crypto, the spec's byte
 * layouts); the browser ceremony itself is tested end to end in
 * apps/admin/e2e/passkeys.e2e.ts with Chromium's virtual authenticator.
 */

const gate = createRequestGate('/api/login/passkey');

let ctx: TestContext;
let origin: string;
let rpId: string;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: 'true' }, undefined, { onRoute: gate.onRoute });
  origin = new URL(ctx.config.ADMIN_URL).origin;
  rpId = new URL(ctx.config.ADMIN_URL).hostname;
});
afterAll(() => ctx.close());

let accounts = 0;
async function newAccount(): Promise<{ userId: string; username: string; session: AdminSession }> {
  accounts += 1;
  const username = `passkey-user-${accounts}`;
  const userId = await insertStaffUser(ctx, { username, role: 'viewer' });
  return { userId, username, session: await sessionFor(ctx, userId) };
}

const registrationOptions = (session: AdminSession) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/passkeys/options',
    headers: session.headers,
  });

const finishRegistration = (session: AdminSession, body: object | string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/passkeys',
    headers: session.headers,
    payload: body,
  });

/** Enrols a new software passkey for the session's account. */
async function enrol(session: AdminSession, name = 'Laptop'): Promise<SoftAuthenticator> {
  const authenticator = new SoftAuthenticator(origin, rpId);
  const options = await registrationOptions(session);
  expect(options.statusCode).toBe(200);
  const added = await finishRegistration(session, {
    name,
    response: authenticator.register(options.json()),
  });
  expect(added.statusCode).toBe(201);
  return authenticator;
}

/** A browser that has not signed in: its cookie, once the API set one. */
function visitor(ip = '198.51.100.20') {
  let cookie: string | undefined;
  const headers = () => ({ 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) });
  const keep = (response: { cookies: unknown[] } & Parameters<typeof sessionCookie>[0]) => {
    cookie = sessionCookie(response) ?? cookie;
    return response;
  };
  return {
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
    options: async () =>
      keep(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/login/passkey/options',
          headers: headers(),
        }),
      ),
    signIn: async (response: object) =>
      keep(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/login/passkey',
          headers: headers(),
          payload: { response },
        }),
      ),
    user: () => ctx.app.inject({ method: 'GET', url: '/api/user', headers: headers() }),
  };
}

const passkeyRow = (credentialId: string) =>
  ctx.database.db
    .selectFrom('passkeys')
    .selectAll()
    .where('credentialId', '=', credentialId)
    .executeTakeFirst();

const throttleRow = (key: string) =>
  ctx.database.db.selectFrom('loginThrottle').selectAll().where('key', '=', key).executeTakeFirst();

describe('adding a passkey', () => {
  it('needs a signed-in session and the console origin', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/passkeys/options',
    });
    expect(anonymous.statusCode).toBe(401);
    const { session } = await newAccount();
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/passkeys/options',
      headers: { cookie: session.headers.cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().type).toBe('csrf');
  });

  it('stores the public key of a verified registration, audited; the options name the RP and exclude the passkeys it has', async () => {
    const { session, userId, username } = await newAccount();
    const options = await registrationOptions(session);
    expect(options.statusCode).toBe(200);
    const body = options.json();
    expect(body.rp).toEqual({ name: 'Wordloom', id: rpId });
    expect(body.user.name).toBe(username);
    expect(Buffer.from(body.user.id, 'base64url').toString()).toBe(userId);
    expect(body.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/);

    const authenticator = new SoftAuthenticator(origin, rpId);
    const added = await finishRegistration(session, {
      name: '  Work laptop ',
      response: authenticator.register(body),
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      id: expect.any(String),
      name: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const row = await passkeyRow(authenticator.id);
    expect(row).toMatchObject({
      userId,
      name: 'Work laptop',
      counter: 0,
      transports: ['internal'],
    });
    expect(row!.publicKey.length).toBeGreaterThan(60);
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'account.passkey_add')
      .where('targetId', '=', userId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorKind: 'staff', actorId: userId });
    expect(audit.details).toEqual({ passkey: added.json().id });

    const next = await registrationOptions(session);
    expect(next.json().excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('uses a challenge once: the same response again (or another made for it) is refused', async () => {
    const { session, userId } = await newAccount();
    const options = (await registrationOptions(session)).json();
    const first = new SoftAuthenticator(origin, rpId);
    expect(
      (await finishRegistration(session, { name: 'A', response: first.register(options) }))
        .statusCode,
    ).toBe(201);
    const second = new SoftAuthenticator(origin, rpId);
    const replay = await finishRegistration(session, {
      name: 'B',
      response: second.register(options),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().type).toBe('passkey_challenge_invalid');
    expect(await passkeyRow(second.id)).toBeUndefined();
    const count = await ctx.database.db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses a response made for another origin, another RP id, or another challenge, and keeps nothing', async () => {
    const { session } = await newAccount();
    for (const overrides of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { challenge: Buffer.from('a challenge the API never issued').toString('base64url') },
      { type: 'webauthn.get' },
    ]) {
      const options = (await registrationOptions(session)).json();
      const authenticator = new SoftAuthenticator(origin, rpId);
      const refused = await finishRegistration(session, {
        name: 'Bad',
        response: authenticator.register(options, overrides),
      });
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.json().type).toBe('passkey_not_verified');
      expect(await passkeyRow(authenticator.id)).toBeUndefined();
    }
  });

  it('refuses an expired challenge (over 5 minutes old)', async () => {
    const { session } = await newAccount();
    const options = (await registrationOptions(session)).json();
    await sql`update sessions set data = jsonb_set(data, '{passkeyChallenge,issuedAt}',
      to_jsonb((extract(epoch from now()) * 1000 - 5 * 60 * 1000 - 1000)::bigint))
      where user_id = ${session.userId}`.execute(ctx.database.db);
    const authenticator = new SoftAuthenticator(origin, rpId);
    const late = await finishRegistration(session, {
      name: 'Late',
      response: authenticator.register(options),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().type).toBe('passkey_challenge_invalid');
  });

  it('answers malformed input with a 400 and the same credential twice with a 409', async () => {
    const { session } = await newAccount();
    for (const body of [
      {},
      { name: '', response: {} },
      { name: 'x'.repeat(65), response: {} },
      {
        name: 'Key',
        response: { id: 'not base64url!', rawId: 'x', type: 'public-key', response: {} },
      },
      { name: 'Key', response: 'a string' },
    ]) {
      await registrationOptions(session);
      const refused = await finishRegistration(session, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const authenticator = await enrol(session);
    const options = (await registrationOptions(session)).json();
    const again = await finishRegistration(session, {
      name: 'Again',
      response: authenticator.register(options),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().type).toBe('passkey_exists');
  });

  it(`holds at most ${MAX_PASSKEYS_PER_ACCOUNT} passkeys per account`, async () => {
    const { session, userId } = await newAccount();
    const template = await enrol(session);
    const row = await passkeyRow(template.id);
    await ctx.database.db
      .insertInto('passkeys')
      .values(
        Array.from({ length: MAX_PASSKEYS_PER_ACCOUNT - 1 }, (_, index) => ({
          userId,
          credentialId: `copy-${index}-${template.id}`,
          publicKey: row!.publicKey,
          name: `Copy ${index}`,
        })),
      )
      .execute();
    const refused = await registrationOptions(session);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().type).toBe('too_many_passkeys');
  });
});

describe('removing a passkey', () => {
  it("removes only the account's own, audited", async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const authenticator = await enrol(owner.session);
    const { id } = (await passkeyRow(authenticator.id))!;
    const remove = (session: AdminSession, headers = session.headers) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${id}`, headers });

    expect((await remove(other.session)).statusCode).toBe(404);
    expect(
      (await remove(owner.session, { ...owner.session.headers, origin: 'https://evil.example' }))
        .statusCode,
    ).toBe(403);
    expect(await passkeyRow(authenticator.id)).toBeDefined();

    const removed = await remove(owner.session);
    expect(removed.statusCode).toBe(200);
    expect(await passkeyRow(authenticator.id)).toBeUndefined();
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .select('details')
      .where('action', '=', 'account.passkey_remove')
      .where('targetId', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(audit.details).toEqual({ passkey: id, recoveryCodesRemoved: 0 });
    expect((await remove(owner.session)).statusCode).toBe(404);
    const badId = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account/passkeys/not-a-uuid',
      headers: owner.session.headers,
    });
    expect(badId.statusCode).toBe(404);
  });
});

describe('signing in with a passkey, without a password', () => {
  it('signs in with a discoverable passkey that verified its user, and records its use', async () => {
    const { session, userId, username } = await newAccount();
    const authenticator = await enrol(session);
    const browser = visitor();
    const options = await browser.options();
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({
      rpId,
      userVerification: 'required',
      allowCredentials: [],
    });

    const signedIn = await browser.signIn(
      authenticator.assert(options.json(), { userHandle: userId }),
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: userId, username, role: { key: 'viewer' } });
    const user = await browser.user();
    expect(user.statusCode).toBe(200);
    expect(user.json().id).toBe(userId);
    const row = await passkeyRow(authenticator.id);
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses an authenticator that did not verify the person (user verification is required)', async () => {
    const { session, userId } = await newAccount();
    const authenticator = await enrol(session);
    const browser = visitor('198.51.100.21');
    const options = (await browser.options()).json();
    const refused = await browser.signIn(
      authenticator.assert(options, { userHandle: userId, userVerified: false }),
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json().type).toBe('passkey_failed');
    expect((await browser.user()).statusCode).toBe(401);
  });

  it('uses a challenge once, even for two sign-ins racing with it', async () => {
    const { session, userId } = await newAccount();
    const authenticator = await enrol(session);
    const browser = visitor('198.51.100.22');
    const options = (await browser.options()).json();
    // A passkey that keeps no counter (0, as synced passkeys do): only the challenge
    // tells the two apart.
    const first = authenticator.assert(options, { userHandle: userId, counter: 0 });
    const second = authenticator.assert(options, { userHandle: userId, counter: 0 });
    const answers = await gate.overlap(2, () =>
      Promise.all([browser.signIn(first), browser.signIn(second)]),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    // And again later: spent.
    const third = await browser.signIn(authenticator.assert(options, { userHandle: userId }));
    expect(third.statusCode).toBe(401);
  });

  it('refuses an assertion made for another origin, another RP id or another challenge', async () => {
    const { session, userId } = await newAccount();
    const authenticator = await enrol(session);
    const before = (await passkeyRow(authenticator.id))!.counter;
    for (const overrides of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { challenge: Buffer.from('a challenge the API never issued').toString('base64url') },
      { type: 'webauthn.create' },
    ]) {
      const browser = visitor('198.51.100.23');
      const options = (await browser.options()).json();
      const refused = await browser.signIn(
        authenticator.assert(options, { userHandle: userId, ...overrides }),
      );
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(401);
      expect((await browser.user()).statusCode).toBe(401);
    }
    expect((await passkeyRow(authenticator.id))!.counter).toBe(before);
    await ctx.database.db.deleteFrom('loginThrottle').execute();
  });

  it('refuses a counter that did not go up (a cloned authenticator)', async () => {
    const { session, userId } = await newAccount();
    const authenticator = await enrol(session);
    const browser = visitor('198.51.100.24');
    const at = async (counter: number) =>
      browser.signIn(
        authenticator.assert((await browser.options()).json(), { userHandle: userId, counter }),
      );
    expect((await at(7)).statusCode).toBe(200);
    expect((await at(7)).statusCode).toBe(401);
    expect((await at(3)).statusCode).toBe(401);
    expect((await passkeyRow(authenticator.id))!.counter).toBe(7);
    expect((await at(8)).statusCode).toBe(200);
    await ctx.database.db.deleteFrom('loginThrottle').execute();
  });

  it("refuses a passkey whose user handle names another account, a disabled account's passkey and an unknown one", async () => {
    const { session, userId } = await newAccount();
    const other = await newAccount();
    const authenticator = await enrol(session);
    const browser = visitor('198.51.100.25');
    const wrongHandle = await browser.signIn(
      authenticator.assert((await browser.options()).json(), { userHandle: other.userId }),
    );
    expect(wrongHandle.statusCode).toBe(401);
    const unknown = new SoftAuthenticator(origin, rpId);
    const stranger = await browser.signIn(unknown.assert((await browser.options()).json()));
    expect(stranger.statusCode).toBe(401);
    await ctx.database.db
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('id', '=', userId)
      .execute();
    const disabled = await browser.signIn(
      authenticator.assert((await browser.options()).json(), { userHandle: userId }),
    );
    expect(disabled.statusCode).toBe(401);
    expect((await browser.user()).statusCode).toBe(401);
    await ctx.database.db.deleteFrom('loginThrottle').execute();
  });

  it('counts each failure toward the sign-in back-off, on the account and the address, before checking', async () => {
    const { session, userId, username } = await newAccount();
    const authenticator = await enrol(session);
    // From rotating addresses: the account's key locks.
    for (let attempt = 1; attempt <= FREE_FAILURES; attempt++) {
      const browser = visitor(`203.0.113.${attempt}`);
      const options = (await browser.options()).json();
      const refused = await browser.signIn(
        authenticator.assert(options, { userHandle: userId, origin: 'https://evil.example' }),
      );
      expect(refused.statusCode).toBe(401);
    }
    expect((await throttleRow(`account:${username}`))?.failures).toBe(FREE_FAILURES);
    const browser = visitor('203.0.113.99');
    const locked = await browser.signIn(
      authenticator.assert((await browser.options()).json(), { userHandle: userId }),
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().type).toBe('login_throttled');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await browser.user()).statusCode).toBe(401);

    // An unknown credential counts on the address.
    const stranger = new SoftAuthenticator(origin, rpId);
    const from = visitor('192.0.2.77');
    for (let attempt = 1; attempt <= FREE_FAILURES; attempt++) {
      expect((await from.signIn(stranger.assert((await from.options()).json()))).statusCode).toBe(
        401,
      );
    }
    expect((await throttleRow('address:192.0.2.77'))?.failures).toBe(FREE_FAILURES);
    expect((await from.signIn(stranger.assert((await from.options()).json()))).statusCode).toBe(
      429,
    );
    await ctx.database.db.deleteFrom('loginThrottle').execute();
  });
});

describe('a passkey as the second factor', () => {
  /** A browser that gave `username`'s right password: its session awaits the second factor. */
  async function afterPassword(username: string, ip: string) {
    const browser = visitor(ip);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-for': ip },
      payload: { username, password: STAFF_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    browser.cookie = sessionCookie(login);
    return { browser, answer: login.json() };
  }

  it("asks for it after the password, offers only the account's passkeys and signs in with one of them", async () => {
    const { session, userId, username } = await newAccount();
    const other = await newAccount();
    const authenticator = await enrol(session);
    const othersKey = await enrol(other.session);
    const { browser, answer } = await afterPassword(username, '198.51.100.30');
    expect(answer).toEqual({ status: 'second_factor_required', methods: ['passkey'] });
    // The password alone opened nothing.
    expect((await browser.user()).statusCode).toBe(401);
    const options = (await browser.options()).json();
    expect(options.allowCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
    expect(options.userVerification).toBe('preferred');

    // Another account's passkey does not finish this sign-in.
    const wrong = await browser.signIn(othersKey.assert(options));
    expect(wrong.statusCode).toBe(401);
    expect((await browser.user()).statusCode).toBe(401);

    // Possession is enough as a second factor: the password was the first.
    const again = (await browser.options()).json();
    const signedIn = await browser.signIn(authenticator.assert(again, { userVerified: false }));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: userId, mustEnrolSecondFactor: false });
    expect((await browser.user()).json().id).toBe(userId);
    await ctx.database.db.deleteFrom('loginThrottle').execute();
  });

  it('refuses once the pending sign-in is over 5 minutes old', async () => {
    const { session, userId, username } = await newAccount();
    const authenticator = await enrol(session);
    const { browser } = await afterPassword(username, '198.51.100.31');
    const options = (await browser.options()).json();
    // Five minutes pass (moved in the session, not slept).
    await sql`update sessions set data = jsonb_set(data, '{pendingSecondFactor,startedAt}',
      to_jsonb((extract(epoch from now()) * 1000 - 5 * 60 * 1000 - 1000)::bigint))
      where data -> 'pendingSecondFactor' ->> 'userId' = ${userId}`.execute(ctx.database.db);
    const refused = await browser.signIn(authenticator.assert(options));
    expect(refused.statusCode).toBe(401);
    expect((await browser.user()).statusCode).toBe(401);
    // A new ceremony is a password-less one: the person must be verified.
    const fresh = (await browser.options()).json();
    expect(fresh.allowCredentials).toEqual([]);
    const unverified = await browser.signIn(authenticator.assert(fresh, { userVerified: false }));
    expect(unverified.statusCode).toBe(401);
    await ctx.database.db.deleteFrom('loginThrottle').execute();
  });
});

describe('passkeys and the rest of two-factor sign-in', () => {
  it("lists the account's passkeys on its security answer", async () => {
    const { session } = await newAccount();
    await enrol(session, 'Phone');
    const security = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/security',
      headers: session.headers,
    });
    expect(security.statusCode).toBe(200);
    expect(security.json().passkeys).toEqual([
      { id: expect.any(String), name: 'Phone', createdAt: expect.any(String), lastUsedAt: null },
    ]);
  });

  it('keeps the last passkey of an account the policy requires a second factor of; a passkey is enough for the policy', async () => {
    const { session } = await newAccount();
    await writeTwoFactorPolicy(
      ctx.database.db,
      { requiredForAll: true, requiredRoleIds: [] },
      null,
    );
    try {
      const user = await ctx.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: session.headers,
      });
      expect(user.json().mustEnrolSecondFactor).toBe(true);
      const first = await enrol(session, 'First');
      const enrolled = await ctx.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: session.headers,
      });
      expect(enrolled.json().mustEnrolSecondFactor).toBe(false);
      await enrol(session, 'Second');
      const remove = async (credentialId: string) => {
        const { id } = (await passkeyRow(credentialId))!;
        return ctx.app.inject({
          method: 'DELETE',
          url: `/api/account/passkeys/${id}`,
          headers: session.headers,
        });
      };
      const rows = await ctx.database.db
        .selectFrom('passkeys')
        .select('credentialId')
        .where('userId', '=', session.userId)
        .orderBy('createdAt')
        .execute();
      expect((await remove(rows[1]!.credentialId)).statusCode).toBe(200);
      const last = await remove(first.id);
      expect(last.statusCode).toBe(409);
      expect(last.json().type).toBe('second_factor_required');
      expect(await passkeyRow(first.id)).toBeDefined();
    } finally {
      await writeTwoFactorPolicy(
        ctx.database.db,
        { requiredForAll: false, requiredRoleIds: [] },
        null,
      );
    }
  });

  it("an Owner's reset of another account's second factor removes its passkeys", async () => {
    const { session, userId } = await newAccount();
    const authenticator = await enrol(session);
    const ownerId = await insertStaffUser(ctx, { username: 'passkey-owner', role: 'owner' });
    const owner = await sessionFor(ctx, ownerId);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${userId}/two-factor/reset`,
      headers: owner.headers,
    });
    expect(reset.statusCode).toBe(200);
    expect(await passkeyRow(authenticator.id)).toBeUndefined();
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .select('details')
      .where('action', '=', 'account.two_factor_reset')
      .where('targetId', '=', userId)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ passkeys: 1 });
  });
});
