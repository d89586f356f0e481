import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTwoFactorPolicy } from '../../src/two-factor/two-factor-repository';
import { type AdminSession, insertStaffUser, sessionFor, STAFF_PASSWORD } from '../helpers/admin';
import { startTestProvider, type TestProvider } from '../helpers/oidc-provider';
import { linkTokenMailedTo } from '../helpers/link-tokens';
import { SoftAuthenticator } from '../helpers/soft-authenticator';
import { redirectUriOf, ssoSignIn } from '../helpers/sso';
import { createTestContext, sessionCookie, type TestContext } from '../helpers/test-app';

/*
 * Single sign-on (issue 35), the settings around it: accounts made at the first
 * sign-in (OIDC_JIT_ACCOUNTS), the last Owner kept, "SSO only" with its
 * break-glass Owners, no second factor after the provider, and sign-out at the
 * provider. The install has one Owner ('solo') until a test adds another.
 */

const ADMIN_URL = 'http://localhost:3002';

let provider: TestProvider;
let ctx: TestContext;
let solo: AdminSession;
beforeAll(async () => {
  provider = await startTestProvider([redirectUriOf(ADMIN_URL)]);
  ctx = await createTestContext(
    provider.env(redirectUriOf(ADMIN_URL), {
      ADMIN_URL,
      ADMIN_EMAIL_DOMAINS: 'wordloom.ai',
      OIDC_JIT_ACCOUNTS: 'true',
      OIDC_ROLE_MAPPING: 'wordloom-owners=owner,support-team=support',
      TRUST_PROXY: 'true',
    }),
  );
  const soloId = await insertStaffUser(ctx, {
    username: 'solo',
    email: 'solo@wordloom.ai',
    role: 'owner',
  });
  solo = await sessionFor(ctx, soloId);
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});

const db = () => ctx.database.db;
const roleOf = async (id: string) =>
  (
    await db()
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.roleId')
      .select('roles.key')
      .where('users.id', '=', id)
      .executeTakeFirstOrThrow()
  ).key;
const audits = (action: string, targetId: string) =>
  db()
    .selectFrom('auditLog')
    .selectAll()
    .where('action', '=', action)
    .where('targetId', '=', targetId)
    .execute();
const me = (cookie: string | undefined) =>
  ctx.app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });
const login = (username: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: STAFF_PASSWORD },
    headers: { 'x-forwarded-for': '198.51.100.7' },
  });
const setSsoOnly = (session: AdminSession, ssoOnly: boolean, breakGlassUserIds: string[] = []) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/sso',
    headers: session.headers,
    payload: { ssoOnly, breakGlassUserIds },
  });

describe('accounts made at the first sign-in (OIDC_JIT_ACCOUNTS=true)', () => {
  it('makes a Viewer for a verified address at an allowed domain, linked and audited', async () => {
    provider.people.set('sub-nina', { email: 'nina@wordloom.ai', name: 'Nina Jones' });
    const result = await ssoSignIn(ctx, 'sub-nina');
    expect(result.error).toBeNull();
    const answer = (await me(result.session)).json();
    expect(answer).toMatchObject({
      username: 'nina',
      name: 'Nina Jones',
      email: 'nina@wordloom.ai',
      role: { key: 'viewer' },
    });
    expect(await audits('account.sso_create', answer.id)).toHaveLength(1);
    // No password: the password form opens nothing for it.
    expect((await login('nina')).statusCode).toBe(401);
  });

  it('gives a made account its mapped role at once', async () => {
    provider.people.set('sub-omar', { email: 'omar@wordloom.ai', groups: ['support-team'] });
    const result = await ssoSignIn(ctx, 'sub-omar');
    expect((await me(result.session)).json().role.key).toBe('support');
  });

  it('still refuses an unverified address and a foreign domain', async () => {
    provider.people.set('sub-pia', { email: 'pia@wordloom.ai', emailVerified: false });
    expect((await ssoSignIn(ctx, 'sub-pia')).error).toBe('unverified_email');
    provider.people.set('sub-quinn', { email: 'quinn@elsewhere.example' });
    expect((await ssoSignIn(ctx, 'sub-quinn')).error).toBe('foreign_domain');
    const made = await db()
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['pia@wordloom.ai', 'quinn@elsewhere.example'])
      .execute();
    expect(made).toEqual([]);
  });
});

describe('the last Owner', () => {
  it('keeps Owner when the groups map to another role, and that is audited', async () => {
    provider.people.set('sub-solo', { email: 'solo@wordloom.ai', groups: ['support-team'] });
    const result = await ssoSignIn(ctx, 'sub-solo');
    expect(result.error).toBeNull();
    expect(await roleOf(solo.userId)).toBe('owner');
    const kept = await audits('account.sso_role_kept', solo.userId);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.details).toMatchObject({
      from: 'owner',
      wanted: 'support',
      reason: 'last_owner',
    });
  });
});

describe('no second factor after the provider', () => {
  it('is asked of nobody, even when the policy requires one of every account', async () => {
    const id = await insertStaffUser(ctx, { username: 'rosa', email: 'rosa@wordloom.ai' });
    await writeTwoFactorPolicy(db(), { requiredForAll: true, requiredRoleIds: [] }, null);
    try {
      provider.people.set('sub-rosa', { email: 'rosa@wordloom.ai' });
      const result = await ssoSignIn(ctx, 'sub-rosa');
      expect((await me(result.session)).json()).toMatchObject({ id, mustEnrolSecondFactor: false });
      const admin = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/audit-log',
        headers: { cookie: result.session!, origin: ADMIN_URL },
      });
      expect(admin.statusCode).toBe(200);
      // A password sign-in of the same account is sent to enrol.
      const password = await login('rosa');
      expect(password.json().mustEnrolSecondFactor).toBe(true);
    } finally {
      await writeTwoFactorPolicy(db(), { requiredForAll: false, requiredRoleIds: [] }, null);
    }
  });
});

describe('the session', () => {
  it('is listed with the account and ends when staff end it, like any other', async () => {
    const id = await insertStaffUser(ctx, { username: 'yara', email: 'yara@wordloom.ai' });
    provider.people.set('sub-yara', { email: 'yara@wordloom.ai' });
    const result = await ssoSignIn(ctx, 'sub-yara');
    expect((await me(result.session)).statusCode).toBe(200);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/accounts/${id}/sessions`,
      headers: solo.headers,
    });
    expect(listed.statusCode).toBe(200);
    const { sessions } = listed.json() as { sessions: { id: string }[] };
    expect(sessions).toHaveLength(1);
    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/accounts/${id}/sessions/${sessions[0]!.id}`,
      headers: solo.headers,
    });
    expect(ended.statusCode).toBe(200);
    expect((await me(result.session)).statusCode).toBe(401);
  });
});

describe('signing out', () => {
  it("offers the provider's end-session address after a provider sign-in, not after a password", async () => {
    provider.people.set('sub-nina', { email: 'nina@wordloom.ai' });
    const result = await ssoSignIn(ctx, 'sub-nina');
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: result.session!, origin: ADMIN_URL },
    });
    expect(out.statusCode).toBe(200);
    const url = new URL(out.json().endSessionUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${ADMIN_URL}/auth`);
    expect((await me(result.session)).statusCode).toBe(401);

    await insertStaffUser(ctx, { username: 'sam', email: 'sam@wordloom.ai' });
    const signedIn = await login('sam');
    const plain = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: sessionCookie(signedIn)!, origin: ADMIN_URL },
    });
    expect(plain.json()).toEqual({ message: 'Logged out' });
  });
});

describe('SSO only', () => {
  it('is an Owner’s switch, refused without a provider or with a non-Owner as break-glass', async () => {
    const adminId = await insertStaffUser(ctx, { username: 'tess', role: 'admin' });
    const admin = await sessionFor(ctx, adminId);
    expect((await setSsoOnly(admin, true)).statusCode).toBe(403);
    const notOwner = await setSsoOnly(solo, true, [adminId]);
    expect(notOwner.statusCode).toBe(400);
    expect(notOwner.json().type).toBe('validation_error');
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/settings/sso',
      headers: solo.headers,
    });
    expect(read.json()).toEqual({ ssoOnly: false, breakGlassUserIds: [] });
  });

  it('refuses password, TOTP and passkey sign-in but for break-glass Owners (audited, mailed to the other Owners)', async () => {
    const secondOwnerId = await insertStaffUser(ctx, {
      username: 'uma',
      email: 'uma@wordloom.ai',
      role: 'owner',
    });
    await insertStaffUser(ctx, { username: 'victor', email: 'victor@wordloom.ai' });
    // An account with an authenticator app, its password step done before the switch.
    const totpId = await insertStaffUser(ctx, { username: 'wendy', email: 'wendy@wordloom.ai' });
    const totpSession = await sessionFor(ctx, totpId);
    const setup = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/totp/setup',
      headers: totpSession.headers,
    });
    const { secret } = setup.json() as { secret: string };
    const code = () => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/totp/confirm',
      headers: totpSession.headers,
      payload: { code: code() },
    });
    expect(confirmed.statusCode).toBe(200);
    await db()
      .updateTable('userTotp')
      .set({ lastUsedStep: null })
      .where('userId', '=', totpId)
      .execute();
    const passwordStep = await login('wendy');
    expect(passwordStep.json().status).toBe('second_factor_required');
    // An account with a passkey.
    const passkeyId = await insertStaffUser(ctx, { username: 'xena', email: 'xena@wordloom.ai' });
    const passkeySession = await sessionFor(ctx, passkeyId);
    const rp = new URL(ADMIN_URL);
    const authenticator = new SoftAuthenticator(rp.origin, rp.hostname);
    const registration = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/passkeys/options',
      headers: passkeySession.headers,
    });
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/passkeys',
      headers: passkeySession.headers,
      payload: { name: 'Laptop', response: authenticator.register(registration.json()) },
    });
    expect(added.statusCode).toBe(201);

    const on = await setSsoOnly(solo, true, [solo.userId]);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ ssoOnly: true, breakGlassUserIds: [solo.userId] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc' })).json().ssoOnly).toBe(
      true,
    );

    try {
      const password = await login('victor');
      expect(password.statusCode).toBe(403);
      expect(password.json().type).toBe('sso_required');
      expect((await login('uma')).statusCode).toBe(403);

      const totp = await ctx.app.inject({
        method: 'POST',
        url: '/api/login/totp',
        headers: { cookie: sessionCookie(passwordStep)!, 'x-forwarded-for': '198.51.100.8' },
        payload: { code: code() },
      });
      expect(totp.statusCode).toBe(403);
      expect(totp.json().type).toBe('sso_required');

      const options = await ctx.app.inject({ method: 'POST', url: '/api/login/passkey/options' });
      const passkey = await ctx.app.inject({
        method: 'POST',
        url: '/api/login/passkey',
        headers: { cookie: sessionCookie(options)!, 'x-forwarded-for': '198.51.100.9' },
        payload: { response: authenticator.assert(options.json(), { userHandle: passkeyId }) },
      });
      expect(passkey.statusCode).toBe(403);
      expect(passkey.json().type).toBe('sso_required');
      expect((await me(sessionCookie(passkey) ?? sessionCookie(options))).statusCode).toBe(401);

      // An invitation is taken up through the provider, not with a password.
      const adminRole = await db()
        .selectFrom('roles')
        .select('id')
        .where('key', '=', 'admin')
        .executeTakeFirstOrThrow();
      const invited = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/accounts/invite',
        headers: solo.headers,
        payload: { email: 'zoe@wordloom.ai', roleId: adminRole.id },
      });
      expect(invited.statusCode).toBe(201);
      const accepted = await ctx.app.inject({
        method: 'POST',
        url: '/api/accept-invite',
        payload: {
          token: await linkTokenMailedTo(ctx, 'zoe@wordloom.ai'),
          username: 'zoe',
          name: 'Zoe',
          password: 'a-long-password-for-zoe',
        },
      });
      expect(accepted.statusCode).toBe(403);
      expect(accepted.json().type).toBe('sso_required');
      provider.people.set('sub-zoe', { email: 'zoe@wordloom.ai' });
      const zoe = await ssoSignIn(ctx, 'sub-zoe');
      expect((await me(zoe.session)).json().role.key).toBe('admin');

      // The provider still signs people in.
      provider.people.set('sub-victor', { email: 'victor@wordloom.ai' });
      expect((await ssoSignIn(ctx, 'sub-victor')).error).toBeNull();

      // A break-glass Owner's password works, audited and mailed to the other Owners.
      const breakGlass = await login('solo');
      expect(breakGlass.statusCode).toBe(200);
      expect((await me(sessionCookie(breakGlass))).json().username).toBe('solo');
      const entries = await audits('account.break_glass_sign_in', solo.userId);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.details).toMatchObject({ method: 'password', ownersNotified: 1 });
      const mail = await db()
        .selectFrom('emailOutbox')
        .select(['toEmail', 'subject'])
        .where('subject', 'like', '%break-glass%')
        .execute();
      expect(mail).toEqual([
        { toEmail: 'uma@wordloom.ai', subject: expect.stringContaining('solo') },
      ]);
      expect(secondOwnerId).toBeTruthy();
    } finally {
      expect((await setSsoOnly(solo, false)).statusCode).toBe(200);
    }
    // Off again: passwords work as before.
    expect((await login('victor')).statusCode).toBe(200);
  });
});
