import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredPendingUsers } from '../../src/auth/users-repository';
import { insertStaffUser, STAFF_PASSWORD } from '../helpers/admin';
import { linkTokenMailedTo } from '../helpers/link-tokens';
import { createTestContext, type TestContext } from '../helpers/test-app';

/*
 * Issue 19: account pre-hijacking. Registering someone else's address must not
 * give the registrant the account once its owner opens the link; the answer to a
 * registration must not tell whether an address or a username is taken.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAIL_DOMAINS: 'wordloom.ai' });
  // Not the first account: later registrations are pending.
  await insertStaffUser(ctx, { username: 'founder', email: 'founder@wordloom.ai' });
});
afterAll(() => ctx.close());

const register = (payload: { username: string; email: string; password?: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { password: 'a-long-password', name: 'Someone', ...payload },
  });
const verify = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token, password } });
const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
const pendingAnswer = (email: string) => ({
  status: 'pending',
  message: `Check your inbox: we sent a confirmation link to ${email}. Your account works once you confirm it.`,
});
const usersWith = (email: string) =>
  ctx.database.db
    .selectFrom('users')
    .select(['id', 'username', 'status'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .execute();
const mailsTo = (email: string) =>
  ctx.database.db
    .selectFrom('emailOutbox')
    .select(['templateId', 'subject', 'textBody'])
    .where('toEmail', '=', email)
    .orderBy('id')
    .execute();

describe('the person who proves the mailbox sets the password', () => {
  it('a stranger who registered the address first cannot sign in once its owner confirms it', async () => {
    const stranger = await register({
      username: 'newhire',
      email: 'newhire@wordloom.ai',
      password: 'strangers-password',
    });
    expect(stranger.statusCode).toBe(201);
    const token = await linkTokenMailedTo(ctx, 'newhire@wordloom.ai');

    // The owner opens the link from the mailbox and chooses a password.
    const confirmed = await verify(token, 'owners-own-password');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Email confirmed. You can now sign in.',
      username: 'newhire',
    });

    const byStranger = await login('newhire', 'strangers-password');
    expect(byStranger.statusCode).toBe(401);
    expect(byStranger.headers['set-cookie']).toBeUndefined();
    expect((await login('newhire', 'owners-own-password')).statusCode).toBe(200);
  });

  it('a link past the 7 days of a pending account does not confirm it, and the daily purge deletes it', async () => {
    await register({ username: 'slowpoke', email: 'slowpoke@wordloom.ai' });
    await register({ username: 'recent', email: 'recent@wordloom.ai' });
    const token = await linkTokenMailedTo(ctx, 'slowpoke@wordloom.ai');
    const [slowpoke] = await usersWith('slowpoke@wordloom.ai');
    // Eight days old (its link is kept valid, so only the account's age refuses it).
    await sql`update users set created_at = now() - interval '8 days' where id = ${slowpoke!.id}`.execute(
      ctx.database.db,
    );

    const late = await verify(token, 'a-new-long-password');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      type: 'invalid_token',
      message: 'This link is invalid or has expired.',
    });
    expect((await usersWith('slowpoke@wordloom.ai'))[0]?.status).toBe('pending');

    // Active accounts of any age and recent pending ones stay.
    await sql`update users set created_at = now() - interval '30 days' where username = 'founder'`.execute(
      ctx.database.db,
    );
    expect(await purgeExpiredPendingUsers(ctx.database.db)).toBe(1);
    expect(await usersWith('slowpoke@wordloom.ai')).toEqual([]);
    expect(
      await ctx.database.db
        .selectFrom('accountTokens')
        .select('id')
        .where('email', '=', 'slowpoke@wordloom.ai')
        .execute(),
    ).toEqual([]);
    expect(await usersWith('recent@wordloom.ai')).toEqual([
      expect.objectContaining({ status: 'pending' }),
    ]);
    expect(await usersWith('founder@wordloom.ai')).toEqual([
      expect.objectContaining({ status: 'active' }),
    ]);
  });

  it('registering a pending address again replaces that registration: the old link stops working', async () => {
    await register({ username: 'squatter', email: 'target@wordloom.ai' });
    const oldToken = await linkTokenMailedTo(ctx, 'target@wordloom.ai');
    const again = await register({ username: 'target', email: 'Target@wordloom.ai' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(pendingAnswer('Target@wordloom.ai'));
    expect(await usersWith('target@wordloom.ai')).toEqual([
      expect.objectContaining({ username: 'target', status: 'pending' }),
    ]);
    expect((await verify(oldToken, 'a-new-long-password')).statusCode).toBe(400);
    const newToken = await linkTokenMailedTo(ctx, 'Target@wordloom.ai');
    expect((await verify(newToken, 'a-new-long-password')).statusCode).toBe(200);
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .select(['action', 'details'])
      .where('action', '=', 'account.replace_pending')
      .execute();
    expect(audit).toEqual([{ action: 'account.replace_pending', details: { by: 'registration' } }]);
  });
});

describe('a registration answers the same whether the address or the username is taken', () => {
  it('a taken address: the same 201 as a new registration, nothing created, a note to its owner', async () => {
    const before = await ctx.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await register({ username: 'copycat', email: 'Founder@wordloom.ai' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual(pendingAnswer('Founder@wordloom.ai'));
    expect(response.headers['set-cookie']).toBeUndefined();
    const after = await ctx.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const [note] = await mailsTo('founder@wordloom.ai');
    expect(note).toMatchObject({ templateId: 'account-notice' });
    expect(note!.textBody).toContain(
      'This address already has an account, so nothing was created.',
    );
    // The founder's password still works; nothing changed.
    expect((await login('founder', STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('a taken username with a new address: the same 201, nothing created, a note to that address', async () => {
    const response = await register({ username: 'FOUNDER', email: 'fresh@wordloom.ai' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual(pendingAnswer('fresh@wordloom.ai'));
    expect(await usersWith('fresh@wordloom.ai')).toEqual([]);
    const mails = await mailsTo('fresh@wordloom.ai');
    expect(mails).toEqual([
      expect.objectContaining({
        templateId: 'account-notice',
        textBody: expect.stringContaining('the username chosen is already taken'),
      }),
    ]);
  });

  it('the notes carry nothing the registrant typed', async () => {
    await register({ username: '<b>evil</b>', email: 'founder@wordloom.ai' });
    const notes = await mailsTo('founder@wordloom.ai');
    expect(notes.length).toBeGreaterThan(1);
    expect(JSON.stringify(notes)).not.toContain('evil');
  });
});

describe('disposable addresses (issue 19)', () => {
  it('refuses a disposable address with a 400 on the email field, even at a listed domain, and keeps nothing', async () => {
    const listed = await createTestContext({ ADMIN_EMAIL_DOMAINS: 'wordloom.ai,mailinator.com' });
    try {
      await insertStaffUser(listed, { username: 'founder', email: 'founder@wordloom.ai' });
      const answer = await listed.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          username: 'throwaway',
          email: 'throwaway@mailinator.com',
          name: 'Throw Away',
          password: 'a-long-password',
        },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        type: 'disposable_email',
        issues: [{ path: 'email' }],
      });
      const kept = await listed.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'throwaway')
        .execute();
      expect(kept).toEqual([]);
      const mailed = await listed.database.db
        .selectFrom('emailOutbox')
        .select('id')
        .where('toEmail', '=', 'throwaway@mailinator.com')
        .execute();
      expect(mailed).toEqual([]);
    } finally {
      await listed.close();
    }
  });
});
