import { AUTH_MESSAGES } from '@repo/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_CLOSED_MESSAGE } from '../src/routes/api/auth';
import { createTestContext, sessionCookie, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAIL_DOMAINS: 'wordloom.ai, @staff.example' });
});
afterAll(() => ctx.close());

const register = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/register', payload });
const login = (payload: Record<string, unknown>, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload, headers: cookie ? { cookie } : {} });
const currentUser = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });

describe('sessions and the registration policy', () => {
  it('GET /api/user answers 401 without a session', async () => {
    const response = await currentUser();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });

  it('lets the first account register from any domain and signs it in with a safe cookie', async () => {
    const response = await register({
      username: 'founder',
      password: 'correct horse',
      email: 'founder@gmail.com',
      name: 'Founder',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      username: 'founder',
      email: 'founder@gmail.com',
      name: 'Founder',
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const me = await currentUser(sessionCookie(response));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'founder' });
  });

  it('stores the session in the database and never the password in clear', async () => {
    const sessions = await ctx.database.db.selectFrom('sessions').selectAll().execute();
    expect(sessions.length).toBeGreaterThan(0);
    const user = await ctx.database.db
      .selectFrom('users')
      .select('passwordHash')
      .where('username', '=', 'founder')
      .executeTakeFirstOrThrow();
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain('correct horse');
  });

  it('refuses later registrations outside ADMIN_EMAIL_DOMAINS with 403 and creates nothing', async () => {
    const response = await register({
      username: 'stranger',
      password: 'secret1',
      email: 'stranger@gmail.com',
      name: 'Stranger',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: REGISTRATION_CLOSED_MESSAGE,
      type: 'registration_closed',
    });
    const found = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'stranger')
      .executeTakeFirst();
    expect(found).toBeUndefined();
  });

  it('lets staff from an allow-listed domain register, and refuses a taken username with 409', async () => {
    const staff = await register({
      username: 'editor',
      password: 'secret1',
      email: 'Editor@Staff.Example',
      name: 'Editor',
    });
    expect(staff.statusCode).toBe(201);
    const again = await register({
      username: 'EDITOR',
      password: 'secret1',
      email: 'other@wordloom.ai',
      name: 'Editor',
    });
    expect(again.statusCode).toBe(409);
  });

  it('validates login and register with the spec messages', async () => {
    const badLogin = await login({ username: 'a', password: '123' });
    expect(badLogin.statusCode).toBe(400);
    expect(badLogin.json().issues).toEqual([
      { path: 'username', message: AUTH_MESSAGES.username },
      { path: 'password', message: AUTH_MESSAGES.password },
    ]);
    const badRegister = await register({
      username: 'valid',
      password: 'valid',
      email: 'nope',
      name: 'N',
    });
    expect(badRegister.json().issues).toEqual([
      { path: 'email', message: AUTH_MESSAGES.email },
      { path: 'name', message: AUTH_MESSAGES.name },
    ]);
  });

  it('answers 401 to a wrong password or an unknown user', async () => {
    expect((await login({ username: 'founder', password: 'wrong password' })).statusCode).toBe(401);
    expect((await login({ username: 'nobody', password: 'whatever' })).statusCode).toBe(401);
  });

  it('regenerates the session id at login and ends the session at logout', async () => {
    // A session that exists before login (e.g. planted by an attacker).
    const first = await login({ username: 'founder', password: 'correct horse' });
    const before = sessionCookie(first)!;
    const second = await login({ username: 'Founder', password: 'correct horse' }, before);
    expect(second.statusCode).toBe(200);
    const after = sessionCookie(second)!;
    expect(after).not.toBe(before);
    expect((await currentUser(before)).statusCode).toBe(401);
    expect((await currentUser(after)).statusCode).toBe(200);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: after },
    });
    expect(logout.statusCode).toBe(200);
    expect((await currentUser(after)).statusCode).toBe(401);
  });
});

describe('cookies in production', () => {
  it('are marked Secure', async () => {
    const production = await createTestContext({ NODE_ENV: 'production' });
    try {
      const response = await production.app.inject({
        method: 'POST',
        url: '/api/register',
        // Behind the TLS-terminating proxy (TRUST_PROXY=loopback).
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: 'prod', password: 'secret1', email: 'prod@example.com', name: 'Prod' },
      });
      expect(response.statusCode).toBe(201);
      expect(String(response.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await production.close();
    }
  });
});
