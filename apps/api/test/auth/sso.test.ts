import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertStaffUser, signInAdmin } from '../helpers/admin';
import { startTestProvider, type TestProvider, throughProvider } from '../helpers/oidc-provider';
import { callback, redirectUriOf, resultOf, ssoSignIn, startSignIn } from '../helpers/sso';
import { createTestContext, type TestContext } from '../helpers/test-app';

/*
 * Single sign-on (issue 35) against a real OpenID provider (oidc-provider) on
 * loopback: the API's client does discovery, the code flow with PKCE, state and
 * nonce, and checks the ID token with the provider's JWKS.
 */

const ADMIN_URL = 'http://localhost:3002';
const MAPPING = 'wordloom-owners=owner,support-team=support';

let provider: TestProvider;
let ctx: TestContext;
beforeAll(async () => {
  provider = await startTestProvider([redirectUriOf(ADMIN_URL)]);
  ctx = await createTestContext(
    provider.env(redirectUriOf(ADMIN_URL), {
      ADMIN_URL,
      ADMIN_EMAIL_DOMAINS: 'wordloom.ai',
      OIDC_ROLE_MAPPING: MAPPING,
    }),
  );
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});

const db = () => ctx.database.db;
const user = (cookie: string | undefined) =>
  ctx.app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });
const account = (id: string) =>
  db()
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select(['users.id', 'users.oidcSubject', 'users.oidcIssuer', 'roles.key as role'])
    .where('users.id', '=', id)
    .executeTakeFirstOrThrow();
const audits = (action: string, targetId: string) =>
  db()
    .selectFrom('auditLog')
    .selectAll()
    .where('action', '=', action)
    .where('targetId', '=', targetId)
    .orderBy('createdAt')
    .execute();
const person = (sub: string, email: string, extra: Record<string, unknown> = {}) =>
  provider.people.set(sub, { email, ...extra });

describe('the sign-in page', () => {
  it('is told that single sign-on is on, and its name', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      enabled: true,
      displayName: 'Test Identity',
      ssoOnly: false,
    });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const { authorizationUrl } = await startSignIn(ctx);
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
  });
});

describe('who comes in', () => {
  it('links an existing account by its verified address, then signs in without a second factor', async () => {
    const id = await insertStaffUser(ctx, { username: 'alice', email: 'alice@wordloom.ai' });
    person('sub-alice', 'Alice@wordloom.ai');
    const result = await ssoSignIn(ctx, 'sub-alice');
    expect(result.error).toBeNull();
    expect(result.location.toString()).toBe(`${ADMIN_URL}/`);
    const me = await user(result.session);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id, username: 'alice', mustEnrolSecondFactor: false });
    expect(await account(id)).toMatchObject({
      oidcSubject: 'sub-alice',
      oidcIssuer: provider.issuer,
    });
    expect(await audits('account.sso_link', id)).toHaveLength(1);
    // The same session as a password sign-in: a row with its address, and the provider's method.
    const row = await db()
      .selectFrom('sessions')
      .select(['data', 'userAgent'])
      .where('userId', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.data).toMatchObject({ signInMethod: { kind: 'oidc', issuer: provider.issuer } });
  });

  it('keeps a linked person on their account when the provider later sends another address', async () => {
    const carolId = await insertStaffUser(ctx, { username: 'carol', email: 'carol@wordloom.ai' });
    const daveId = await insertStaffUser(ctx, { username: 'dave', email: 'dave@wordloom.ai' });
    person('sub-carol', 'carol@wordloom.ai');
    expect((await ssoSignIn(ctx, 'sub-carol')).error).toBeNull();
    person('sub-carol', 'dave@wordloom.ai');
    const later = await ssoSignIn(ctx, 'sub-carol');
    expect(later.error).toBeNull();
    expect((await user(later.session)).json().id).toBe(carolId);
    expect((await account(daveId)).oidcSubject).toBeNull();
  });

  it('refuses another person whose address is that of an account already linked', async () => {
    const id = await insertStaffUser(ctx, { username: 'erin', email: 'erin@wordloom.ai' });
    person('sub-erin', 'erin@wordloom.ai');
    expect((await ssoSignIn(ctx, 'sub-erin')).error).toBeNull();
    person('sub-impostor', 'erin@wordloom.ai');
    const result = await ssoSignIn(ctx, 'sub-impostor');
    expect(result.error).toBe('linked_elsewhere');
    expect(result.session).toBeUndefined();
    expect((await account(id)).oidcSubject).toBe('sub-erin');
  });

  it('refuses an address the provider has not verified', async () => {
    const id = await insertStaffUser(ctx, { username: 'frank', email: 'frank@wordloom.ai' });
    person('sub-frank', 'frank@wordloom.ai', { emailVerified: false });
    const result = await ssoSignIn(ctx, 'sub-frank');
    expect(result.error).toBe('unverified_email');
    expect(result.session).toBeUndefined();
    expect((await account(id)).oidcSubject).toBeNull();
  });

  it("takes Entra ID's xms_edov for a verified address, and refuses it false", async () => {
    const id = await insertStaffUser(ctx, { username: 'hana', email: 'hana@wordloom.ai' });
    person('sub-hana-false', 'hana@wordloom.ai', { entraStyle: true, emailVerified: false });
    expect((await ssoSignIn(ctx, 'sub-hana-false')).error).toBe('unverified_email');
    person('sub-hana', 'hana@wordloom.ai', { entraStyle: true });
    const result = await ssoSignIn(ctx, 'sub-hana');
    expect(result.error).toBeNull();
    expect((await user(result.session)).json().id).toBe(id);
  });

  it('refuses a disabled account, linked or not', async () => {
    const id = await insertStaffUser(ctx, {
      username: 'iris',
      email: 'iris@wordloom.ai',
      status: 'disabled',
    });
    person('sub-iris', 'iris@wordloom.ai');
    const result = await ssoSignIn(ctx, 'sub-iris');
    expect(result.error).toBe('account_inactive');
    expect(result.session).toBeUndefined();
    // Refused in the same transaction as the link: nothing was linked either.
    expect((await account(id)).oidcSubject).toBeNull();
  });

  it('refuses an address outside ADMIN_EMAIL_DOMAINS, even of an existing account', async () => {
    const id = await insertStaffUser(ctx, { username: 'gina', email: 'gina@elsewhere.example' });
    person('sub-gina', 'gina@elsewhere.example');
    const result = await ssoSignIn(ctx, 'sub-gina');
    expect(result.error).toBe('foreign_domain');
    expect((await account(id)).oidcSubject).toBeNull();
  });

  it('refuses an address without an account or an invitation while OIDC_JIT_ACCOUNTS is off', async () => {
    person('sub-harry', 'harry@wordloom.ai');
    const result = await ssoSignIn(ctx, 'sub-harry');
    expect(result.error).toBe('no_account');
    const created = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'harry@wordloom.ai')
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('makes the account an open invitation promised, with its role, and uses the invitation', async () => {
    const owner = await signInAdmin(ctx);
    const support = await db()
      .selectFrom('roles')
      .select('id')
      .where('key', '=', 'support')
      .executeTakeFirstOrThrow();
    const invitation = await db()
      .insertInto('accountTokens')
      .values({
        email: 'ivy@wordloom.ai',
        purpose: 'invite',
        tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        expiresAt: new Date(Date.now() + 86_400_000),
        createdBy: owner.userId,
        roleId: support.id,
        userId: null,
        usedAt: null,
        revokedAt: null,
        revokedBy: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    person('sub-ivy', 'ivy@wordloom.ai');
    const result = await ssoSignIn(ctx, 'sub-ivy');
    expect(result.error).toBeNull();
    const me = (await user(result.session)).json();
    expect(me).toMatchObject({ email: 'ivy@wordloom.ai', role: { key: 'support' } });
    const used = await db()
      .selectFrom('accountTokens')
      .select('usedAt')
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(used.usedAt).not.toBeNull();
    expect(await audits('account.sso_create', me.id)).toHaveLength(1);
  });
});

describe('roles from the provider', () => {
  it('maps the groups at every sign-in and audits each change', async () => {
    const id = await insertStaffUser(ctx, { username: 'jack', email: 'jack@wordloom.ai' });
    person('sub-jack', 'jack@wordloom.ai', { groups: ['support-team'] });
    expect((await ssoSignIn(ctx, 'sub-jack')).error).toBeNull();
    expect((await account(id)).role).toBe('support');
    person('sub-jack', 'jack@wordloom.ai', { groups: ['other', 'wordloom-owners'] });
    expect((await ssoSignIn(ctx, 'sub-jack')).error).toBeNull();
    expect((await account(id)).role).toBe('owner');
    const changes = await audits('account.sso_role', id);
    expect(changes.map((entry) => [entry.details.from, entry.details.to])).toEqual([
      ['admin', 'support'],
      ['support', 'owner'],
    ]);
    // Unchanged groups: no change, nothing audited.
    expect((await ssoSignIn(ctx, 'sub-jack')).error).toBeNull();
    expect(await audits('account.sso_role', id)).toHaveLength(2);
  });

  it('leaves the role given in the console when no group is mapped', async () => {
    const id = await insertStaffUser(ctx, { username: 'kim', email: 'kim@wordloom.ai' });
    person('sub-kim', 'kim@wordloom.ai', { groups: ['unmapped'] });
    expect((await ssoSignIn(ctx, 'sub-kim')).error).toBeNull();
    expect((await account(id)).role).toBe('admin');
    expect(await audits('account.sso_role', id)).toHaveLength(0);
  });
});

describe("the provider's answer is checked", () => {
  it('refuses a callback whose state is not the one sent', async () => {
    person('sub-lena', 'lena@wordloom.ai');
    await insertStaffUser(ctx, { username: 'lena', email: 'lena@wordloom.ai' });
    const started = await startSignIn(ctx);
    const back = await throughProvider(
      started.authorizationUrl,
      'sub-lena',
      redirectUriOf(ADMIN_URL),
    );
    back.searchParams.set('state', 'forged-state-value-0123456789');
    const result = resultOf(await callback(ctx, back, started.cookie));
    expect(result.error).toBe('state_mismatch');
    expect(result.session).toBeUndefined();
  });

  it('refuses a callback without the browser that started it, and a replayed one', async () => {
    person('sub-lena', 'lena@wordloom.ai');
    const started = await startSignIn(ctx);
    const back = await throughProvider(
      started.authorizationUrl,
      'sub-lena',
      redirectUriOf(ADMIN_URL),
    );
    expect(resultOf(await callback(ctx, back, undefined)).error).toBe('state_mismatch');
    const first = resultOf(await callback(ctx, back, started.cookie));
    expect(first.error).toBeNull();
    // The browser no longer holds the checks (the answer cleared them), and the code is spent.
    const cleared = first.response.cookies.find((cookie) => cookie.name === 'wordloom_oidc');
    expect(cleared?.value).toBe('');
    const replay = resultOf(await callback(ctx, back, started.cookie));
    expect(replay.error).not.toBeNull();
    expect(replay.session).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    person('sub-lena', 'lena@wordloom.ai');
    const result = await ssoSignIn(ctx, 'sub-lena', {
      authorizationUrl: (url) => {
        url.searchParams.set('nonce', 'another-nonce-0123456789abcdef');
        return url;
      },
    });
    expect(result.error).toBe('provider_error');
    expect(result.session).toBeUndefined();
  });

  it('refuses a tampered ID token (its signature no longer fits)', async () => {
    person('sub-lena', 'lena@wordloom.ai');
    provider.tamperIdTokens = true;
    try {
      const result = await ssoSignIn(ctx, 'sub-lena');
      expect(result.error).toBe('provider_error');
      expect(result.session).toBeUndefined();
    } finally {
      provider.tamperIdTokens = false;
    }
  });

  it("follows the provider's key rotation: a token signed with a new key is checked with the fetched JWKS", async () => {
    person('sub-lena', 'lena@wordloom.ai');
    expect((await ssoSignIn(ctx, 'sub-lena')).error).toBeNull();
    provider.rotateKey();
    // The library fetches the JWKS again for an unknown key once its copy is a minute
    // old (a guard against being made to fetch on every token); the clock says it is.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const result = await ssoSignIn(ctx, 'sub-lena');
      expect(result.error).toBeNull();
      expect((await user(result.session)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
