import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  purgeUnconfirmedSignups,
  statusLinkSecret,
  statusToken,
} from '../../src/waitlist/confirmation';
import { mailboxOf } from '../../src/waitlist/referrals';
import { signInAdmin } from '../helpers/admin';
import { linkTokenMailedTo, openLinkToken } from '../helpers/link-tokens';
import { createTestContext, type TestContext, validWaitlistSignup } from '../helpers/test-app';

/*
 * Issue 11: confirmed signups (double opt-in), referrals and queue position.
 * Runs on PostgreSQL when TEST_DATABASE_URL is set, else on the embedded database.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_SITE_URL: 'https://site.test' });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

let sequence = 0;
const uniqueEmail = (label: string) => `${label}-${(sequence += 1)}-${Date.now()}@example.com`;

async function signUp(overrides: Record<string, unknown> = {}) {
  const signup = validWaitlistSignup({ email: uniqueEmail('person'), ...overrides });
  const response = await ctx.app.inject({ method: 'POST', url: '/api/waitlist', payload: signup });
  return { signup, response };
}

/** The newest confirmation mail to `email`, with the links it carries. */
async function confirmationMail(email: string) {
  const rows = await db()
    .selectFrom('emailOutbox')
    .select(['id', 'templateId', 'templateData', 'stream', 'linkSecrets'])
    .where(sql<boolean>`lower(to_email) = lower(${email})`)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const mail = rows.find((row) => row.templateId === 'waitlist-welcome');
  const actionUrl = new URL(String(mail?.templateData?.actionUrl));
  const statusUrl = new URL(String(mail?.templateData?.statusUrl));
  return {
    count: rows.filter((row) => row.templateId === 'waitlist-welcome').length,
    mail,
    actionUrl,
    // The stored link shows `[redacted]`; the token is sealed until sent (issue 19).
    token: openLinkToken(ctx, mail?.linkSecrets),
    statusUrl,
    statusToken: statusUrl.searchParams.get('token')!,
  };
}

const confirm = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token } });

async function entryOf(email: string) {
  return db()
    .selectFrom('waitlistEntries')
    .selectAll()
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .executeTakeFirstOrThrow();
}

/** Signs up and confirms; returns the entry and the place the confirmation answered. */
async function signUpConfirmed(overrides: Record<string, unknown> = {}) {
  const { signup } = await signUp(overrides);
  const { token } = await confirmationMail(signup.email);
  const response = await confirm(token);
  expect(response.statusCode).toBe(200);
  return { signup, entry: await entryOf(signup.email), place: response.json() };
}

describe('confirmed signups (double opt-in)', () => {
  it('stores a new signup unconfirmed and queues a confirmation email with a single-use link', async () => {
    const { signup, response } = await signUp();
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: 'Successfully joined the waitlist!' });
    const entry = await entryOf(signup.email);
    expect(entry.confirmedAt).toBeNull();
    const { mail, actionUrl, token, statusUrl } = await confirmationMail(signup.email);
    expect(mail?.stream).toBe('outbound');
    expect(actionUrl.origin + actionUrl.pathname).toBe('https://site.test/waitlist/confirm');
    expect(statusUrl.origin + statusUrl.pathname).toBe('https://site.test/waitlist/status');
    // Only the token's hash is kept with the entry.
    expect(entry.confirmationTokenHash).toBe(sha256(token));
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('confirms once: the link shows the place, and a replayed link is refused', async () => {
    const { signup } = await signUp();
    const { token } = await confirmationMail(signup.email);
    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      firstName: 'Ada',
      state: 'queued',
      position: expect.any(Number),
      referralCount: 0,
      boostPlaces: 5,
    });
    const entry = await entryOf(signup.email);
    expect(entry.confirmedAt).toBeInstanceOf(Date);
    expect(entry.confirmationTokenHash).toBeNull();
    const replay = await confirm(token);
    expect(replay.statusCode).toBe(404);
    expect(replay.json().message).toBe(
      'This confirmation link is invalid or has already been used.',
    );
  });

  it('refuses a link older than 7 days, and leaves the address unconfirmed', async () => {
    const { signup } = await signUp();
    const { token } = await confirmationMail(signup.email);
    await db()
      .updateTable('waitlistEntries')
      .set({ confirmationSentAt: sql<Date>`now() - interval '7 days 1 minute'` })
      .where(sql<boolean>`lower(email) = lower(${signup.email})`)
      .execute();
    const response = await confirm(token);
    expect(response.statusCode).toBe(410);
    expect(response.json().type).toBe('link_expired');
    expect((await entryOf(signup.email)).confirmedAt).toBeNull();
  });

  it.each([[''], ['short'], ['x'.repeat(500)], ['a b c d e f g h i j k l m n o p']])(
    'answers a malformed token %j with 400 and changes nothing',
    async (token) => {
      const response = await confirm(token);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('This link is invalid or incomplete.');
    },
  );

  it('re-sends the link to an unconfirmed duplicate at most once an hour, and still answers 409', async () => {
    const { signup } = await signUp();
    const firstLink = await confirmationMail(signup.email);
    const again = await signUp({ email: signup.email.toUpperCase() });
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json().type).toBe('duplicate_email');
    expect((await confirmationMail(signup.email)).count).toBe(1);

    await db()
      .updateTable('waitlistEntries')
      .set({ confirmationSentAt: sql<Date>`now() - interval '61 minutes'` })
      .where(sql<boolean>`lower(email) = lower(${signup.email})`)
      .execute();
    const later = await Promise.all([
      signUp({ email: signup.email }),
      signUp({ email: signup.email }),
    ]);
    expect(later.map(({ response }) => response.statusCode)).toEqual([409, 409]);
    const renewed = await confirmationMail(signup.email);
    expect(renewed.count).toBe(2);
    expect(renewed.token).not.toBe(firstLink.token);
    // The old link stopped working; the new one confirms.
    expect((await confirm(firstLink.token)).statusCode).toBe(404);
    expect((await confirm(renewed.token)).statusCode).toBe(200);
  });

  it('sends nothing to a confirmed duplicate', async () => {
    const { signup } = await signUpConfirmed();
    await db()
      .updateTable('waitlistEntries')
      .set({ confirmationSentAt: sql<Date>`now() - interval '2 hours'` })
      .where(sql<boolean>`lower(email) = lower(${signup.email})`)
      .execute();
    expect((await signUp({ email: signup.email })).response.statusCode).toBe(409);
    expect((await confirmationMail(signup.email)).count).toBe(1);
  });

  it('purges unconfirmed signups older than the retention, with their mail, and keeps the rest', async () => {
    const old = await signUp();
    const fresh = await signUp();
    const confirmedOld = await signUpConfirmed();
    const approved = await signUp();
    for (const email of [old.signup.email, confirmedOld.signup.email, approved.signup.email]) {
      await db()
        .updateTable('waitlistEntries')
        // Signed up (and sent the link) 31 days ago.
        .set({
          createdAt: sql<Date>`now() - interval '31 days'`,
          confirmationSentAt: sql<Date>`now() - interval '31 days'`,
        } as never)
        .where(sql<boolean>`lower(email) = lower(${email})`)
        .execute();
    }
    const approvedEntry = await entryOf(approved.signup.email);
    await db()
      .insertInto('betaParticipants')
      .values({
        waitlistEntryId: approvedEntry.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: approved.signup.email,
        invitedAt: new Date(),
      })
      .execute();

    const deleted = await purgeUnconfirmedSignups(db(), 30);
    expect(deleted).toBe(1);
    const left = await db()
      .selectFrom('waitlistEntries')
      .select('email')
      .where('email', 'in', [
        old.signup.email,
        fresh.signup.email,
        confirmedOld.signup.email,
        approved.signup.email,
      ])
      .execute();
    expect(left.map((row) => row.email).sort()).toEqual(
      [fresh.signup.email, confirmedOld.signup.email, approved.signup.email].sort(),
    );
    expect((await confirmationMail(old.signup.email).catch(() => ({ count: 0 }))).count).toBe(0);
  });
});

describe('referrals and queue position', () => {
  it('gives unconfirmed entries no position, and orders the confirmed by signup time', async () => {
    const first = await signUpConfirmed();
    const { signup: pending } = await signUp();
    const second = await signUpConfirmed();
    expect(second.place.position).toBe(first.place.position + 1);
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/waitlist/status?token=${encodeURIComponent(statusToken(statusLinkSecret(ctx.config), (await entryOf(pending.email)).id))}`,
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ state: 'unconfirmed', position: null, ahead: null });
  });

  it('moves a referrer up 5 places for each confirmed referral through their link', async () => {
    const referrer = await signUpConfirmed();
    // Six people confirm after the referrer: it stands six places behind where it would be first.
    for (let index = 0; index < 6; index += 1) await signUpConfirmed();
    const before = referrer.place.position as number;
    const statusUrl = `/api/waitlist/status?token=${encodeURIComponent(
      statusToken(statusLinkSecret(ctx.config), referrer.entry.id),
    )}`;
    expect((await ctx.app.inject({ method: 'GET', url: statusUrl })).json().position).toBe(before);

    const friend = await signUp({ referralCode: referrer.entry.referralCode.toLowerCase() });
    expect(friend.response.statusCode).toBe(201);
    expect((await entryOf(friend.signup.email)).referredById).toBe(referrer.entry.id);
    // Unconfirmed, the referral does not count yet.
    expect((await ctx.app.inject({ method: 'GET', url: statusUrl })).json()).toMatchObject({
      position: before,
      referralCount: 0,
    });
    await confirm((await confirmationMail(friend.signup.email)).token);
    const after = (await ctx.app.inject({ method: 'GET', url: statusUrl })).json();
    expect(after).toMatchObject({
      referralCount: 1,
      position: Math.max(1, before - 5),
      ahead: Math.max(1, before - 5) - 1,
      referralCode: referrer.entry.referralCode,
      referralUrl: `https://site.test/beta?ref=${referrer.entry.referralCode}`,
    });
  });

  it('ignores an unknown or malformed referral code and still stores the signup', async () => {
    for (const referralCode of ['NOSUCHCODE', '<script>', 'x'.repeat(100)]) {
      const { signup, response } = await signUp({ referralCode });
      expect(response.statusCode).toBe(201);
      expect((await entryOf(signup.email)).referredById).toBeNull();
    }
  });

  it('does not count a referral from an unconfirmed referrer', async () => {
    const { signup: referrerSignup } = await signUp();
    const referrer = await entryOf(referrerSignup.email);
    const friend = await signUpConfirmed({ referralCode: referrer.referralCode });
    expect(friend.entry.referredById).toBe(referrer.id);
    expect(friend.entry.referralCredited).toBe(false);
    expect((await entryOf(referrerSignup.email)).referralCount).toBe(0);
  });

  it('does not count a referral to the same mailbox (+tags, Gmail dots, case)', async () => {
    expect(mailboxOf('Ada.Lovelace+beta@GoogleMail.com')).toBe('adalovelace@gmail.com');
    const local = `ada.${Date.now()}`;
    const referrer = await signUpConfirmed({ email: `${local}@gmail.com` });
    const sameMailbox = await signUpConfirmed({
      email: `${local.replace('.', '')}+second@gmail.com`,
      referralCode: referrer.entry.referralCode,
    });
    expect(sameMailbox.entry.referredById).toBe(referrer.entry.id);
    expect(sameMailbox.entry.referralCredited).toBe(false);
    expect((await entryOf(referrer.signup.email)).referralCount).toBe(0);
  });

  it('does not count a self-referral', async () => {
    const { signup } = await signUp();
    const entry = await entryOf(signup.email);
    await db()
      .updateTable('waitlistEntries')
      .set({ referredById: entry.id })
      .where('id', '=', entry.id)
      .execute();
    await confirm((await confirmationMail(signup.email)).token);
    const after = await entryOf(signup.email);
    expect(after.referralCredited).toBe(false);
    expect(after.referralCount).toBe(0);
  });

  it('credits the referrer when an approved person confirms by accepting the invitation', async () => {
    const admin = await signInAdmin(ctx);
    const referrer = await signUpConfirmed();
    const { signup } = await signUp({ referralCode: referrer.entry.referralCode });
    const friend = await entryOf(signup.email);
    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/beta/approve/${friend.id}`,
      headers: admin.headers,
    });
    expect(approve.statusCode).toBe(201);
    const token = await linkTokenMailedTo(ctx, signup.email, 'beta-invitation');
    const accept = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta/invitations/accept',
      payload: { token },
    });
    expect(accept.statusCode).toBe(200);
    expect((await entryOf(signup.email)).confirmedAt).toBeInstanceOf(Date);
    expect((await entryOf(signup.email)).referralCredited).toBe(true);
    expect((await entryOf(referrer.signup.email)).referralCount).toBe(1);
  });

  it('refuses a status link whose signature does not hold', async () => {
    const { entry } = await signUpConfirmed();
    const good = statusToken(statusLinkSecret(ctx.config), entry.id);
    const forged = statusToken('another-secret-that-is-long-enough-for-hmac', entry.id);
    const tampered = `${entry.id.slice(0, -1)}${entry.id.endsWith('a') ? 'b' : 'a'}.${good.split('.')[1]}`;
    for (const token of [forged, tampered, 'nonsense', entry.id]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/waitlist/status?token=${encodeURIComponent(token)}`,
      });
      expect(response.statusCode).toBe(404);
    }
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `/api/waitlist/status?token=${encodeURIComponent(good)}`,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('signs status links with a key of their own, not the unsubscribe secret (issue 20)', async () => {
    const { signup } = await signUp();
    const { statusToken: mailed } = await confirmationMail(signup.email);
    const { id } = await entryOf(signup.email);
    expect(mailed).toBe(statusToken(statusLinkSecret(ctx.config), id));
    expect(mailed).not.toBe(statusToken(ctx.config.UNSUBSCRIBE_SECRET, id));
    // A link mailed before the change still opens the page, for a transition.
    const { entry } = await signUpConfirmed();
    const legacy = statusToken(ctx.config.UNSUBSCRIBE_SECRET, entry.id);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/waitlist/status?token=${encodeURIComponent(legacy)}`,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the console', () => {
  it('shows state, position and referrals, filters by state, and sorts by position and referral count', async () => {
    const admin = await signInAdmin(ctx);
    const referrer = await signUpConfirmed({ lastName: 'Sortable' });
    await signUpConfirmed({ referralCode: referrer.entry.referralCode, lastName: 'Sortable' });
    const { signup: pending } = await signUp({ lastName: 'Sortable' });

    const list = async (query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/waitlist?search=sortable&${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ items: Record<string, unknown>[]; total: number }>();
    };
    const unconfirmed = await list('state=unconfirmed');
    expect(unconfirmed.items.map((item) => item.email)).toEqual([pending.email]);
    expect(unconfirmed.total).toBe(1);
    expect(unconfirmed.items[0]).toMatchObject({ confirmedAt: null, position: null });
    const confirmed = await list('state=confirmed');
    expect(confirmed.total).toBe(2);
    // Without a search, the confirmed are counted as every entry (the counter)
    // but the unconfirmed (issue 32): the same number as counting them.
    const everyConfirmed = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist?state=confirmed',
      headers: admin.headers,
    });
    const counted = await ctx.database.db
      .selectFrom('waitlistEntries')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('confirmedAt', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(everyConfirmed.json<{ total: number }>().total).toBe(Number(counted.count));

    const byReferrals = await list('sortBy=referralCount&sortOrder=desc');
    expect(byReferrals.items[0]).toMatchObject({ id: referrer.entry.id, referralCount: 1 });
    const byPosition = await list('sortBy=position&sortOrder=asc');
    const positions = byPosition.items.map((item) => item.position);
    expect(positions.at(-1)).toBeNull();
    const numbers = positions.filter((value): value is number => typeof value === 'number');
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));

    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist?state=maybe',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('gives each row of a page the position the ranked order gives it', async () => {
    const admin = await signInAdmin(ctx);
    for (let index = 0; index < 3; index += 1) await signUpConfirmed({ lastName: 'Ranked' });
    const list = async (query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/waitlist?search=ranked&pageSize=100&${query}`,
        headers: admin.headers,
      });
      return response.json<{ items: { id: string; position: number | null }[] }>().items;
    };
    const exact = new Map(
      (await list('sortBy=position&sortOrder=asc')).map((item) => [item.id, item.position]),
    );
    const newest = await list('sortBy=createdAt&sortOrder=desc');
    expect(newest.length).toBe(3);
    for (const item of newest) expect(item.position).toBe(exact.get(item.id));
    expect(newest.every((item) => typeof item.position === 'number')).toBe(true);
  });

  it('shows an entry’s referral chain', async () => {
    const admin = await signInAdmin(ctx);
    const top = await signUpConfirmed();
    const middle = await signUpConfirmed({ referralCode: top.entry.referralCode });
    const bottom = await signUpConfirmed({ referralCode: middle.entry.referralCode });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/waitlist/${middle.entry.id}/referrals`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const chain = response.json();
    expect(chain.referredBy.map((person: { id: string }) => person.id)).toEqual([top.entry.id]);
    expect(chain.referrals).toEqual([
      expect.objectContaining({ id: bottom.entry.id, credited: true }),
    ]);
    const deep = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/waitlist/${bottom.entry.id}/referrals`,
      headers: admin.headers,
    });
    expect(deep.json().referredBy.map((person: { id: string }) => person.id)).toEqual([
      middle.entry.id,
      top.entry.id,
    ]);
  });

  it('resends the confirmation of an unconfirmed entry, and refuses a confirmed one', async () => {
    const admin = await signInAdmin(ctx);
    const { signup } = await signUp();
    const entry = await entryOf(signup.email);
    const before = await confirmationMail(signup.email);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/${entry.id}/resend-confirmation`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(202);
    const after = await confirmationMail(signup.email);
    expect(after.count).toBe(2);
    expect(after.token).not.toBe(before.token);
    expect((await confirm(after.token)).statusCode).toBe(200);

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/${entry.id}/resend-confirmation`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().type).toBe('already_confirmed');
    const audit = await db()
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', entry.id)
      .execute();
    expect(audit.map((row) => row.action)).toContain('waitlist.resend_confirmation');
  });

  it('counts confirmed signups on the dashboard', async () => {
    const admin = await signInAdmin(ctx);
    await signUp();
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/analytics/dashboard?days=30',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const counts = await db()
      .selectFrom('waitlistEntries')
      .select([
        (eb) => eb.fn.countAll<number>().as('all'),
        sql<number>`count(*) filter (where confirmed_at is not null)`.as('confirmed'),
      ])
      .executeTakeFirstOrThrow();
    expect(body.waitlistSignups).toBe(Number(counts.all));
    expect(body.confirmedWaitlistSignups).toBe(Number(counts.confirmed));
    expect(body.confirmedWaitlistSignups).toBeLessThan(body.waitlistSignups);
  });
});
