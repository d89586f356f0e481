import { DISPOSABLE_EMAIL_MESSAGE } from '@repo/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/use-context';
import { isDisposableEmail } from '../../src/abuse/disposable-email';
import { statusLinkSecret, statusToken } from '../../src/waitlist/confirmation';
import { confirmByMail } from '../helpers/link-tokens';
import { validWaitlistSignup } from '../helpers/test-app';

/*
 * Issue 19, cheap abuse: throwaway mailboxes are refused, and a person's place
 * costs no window function over the queue per visit (issue 32: it is read from
 * the counters the database keeps, exact at once).
 */

const ctx = useTestContext();

const db = () => ctx.database.db;
let sequence = 0;
const uniqueEmail = (label: string, domain = 'example.com') =>
  `${label}-${(sequence += 1)}-${Date.now()}@${domain}`;

const signUp = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/waitlist', payload: validWaitlistSignup(payload) });

describe('isDisposableEmail', () => {
  it('knows the disposable domains of the maintained list, their subdomains, in any case', () => {
    for (const address of [
      'someone@mailinator.com',
      'someone@YOPMAIL.com',
      'someone@guerrillamail.com',
      'someone@inbox.mailinator.com',
      'someone@a.b.mailinator.com',
      'someone@mailinator.com.',
      ' someone@10minutemail.com ',
    ]) {
      expect(isDisposableEmail(address), address).toBe(true);
    }
  });

  it('lets ordinary addresses through, and a name that only ends like a listed one', () => {
    for (const address of [
      'someone@example.com',
      'someone@gmail.com',
      'someone@company.co.uk',
      'someone@wordloommailinator.com',
      'mailinator.com@example.com',
      'no-at-sign',
      '',
    ]) {
      expect(isDisposableEmail(address), address).toBe(false);
    }
  });
});

describe('POST /api/waitlist with a disposable address', () => {
  it('answers 400 with the message on the email field, and keeps and mails nothing', async () => {
    for (const email of [
      uniqueEmail('throwaway', 'mailinator.com'),
      uniqueEmail('throwaway', 'Sub.YopMail.com'),
    ]) {
      const response = await signUp({ email });
      expect(response.statusCode, email).toBe(400);
      expect(response.json()).toEqual({
        message: DISPOSABLE_EMAIL_MESSAGE,
        type: 'disposable_email',
        issues: [{ path: 'email', message: DISPOSABLE_EMAIL_MESSAGE }],
      });
      const kept = await db()
        .selectFrom('waitlistEntries')
        .select('id')
        .where(sql<boolean>`lower(email) = lower(${email})`)
        .execute();
      expect(kept).toEqual([]);
      const mailed = await db()
        .selectFrom('emailOutbox')
        .select('id')
        .where(sql<boolean>`lower(to_email) = lower(${email})`)
        .execute();
      expect(mailed).toEqual([]);
    }
  });

  it('refuses it with an invite code too (the beta application posts the same form)', async () => {
    const response = await signUp({
      email: uniqueEmail('applicant', 'mailinator.com'),
      inviteCode: 'ANYCODE1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('disposable_email');
  });
});

describe("a person's place, from the queue's counters", () => {
  const entryOf = (email: string) =>
    db()
      .selectFrom('waitlistEntries')
      .select(['id', 'referralCode'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  const placeOf = async (entryId: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/waitlist/status?token=${encodeURIComponent(
        statusToken(statusLinkSecret(ctx.config), entryId),
      )}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('is exact on confirmation, and right after a referral, with nothing to wait for', async () => {
    // Seven people confirm; the last of them is the referrer, seventh in line.
    const emails = Array.from({ length: 7 }, () => uniqueEmail('queued'));
    const places = [];
    for (const email of emails) {
      expect((await signUp({ email })).statusCode).toBe(201);
      places.push(await confirmByMail(ctx, email));
    }
    expect(places.map((place) => place.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const referrer = await entryOf(emails[6]!);
    expect(await placeOf(referrer.id)).toMatchObject({ position: 7, total: 7 });

    // A friend signs up through the referral link and confirms: the referrer's page
    // shows the place the referral gave (5 up) on the very next visit.
    const friend = uniqueEmail('friend');
    expect((await signUp({ email: friend, referralCode: referrer.referralCode })).statusCode).toBe(
      201,
    );
    expect(await confirmByMail(ctx, friend)).toMatchObject({ position: 8, total: 8 });
    expect(await placeOf(referrer.id)).toMatchObject({
      position: 2,
      ahead: 1,
      total: 8,
      referralCount: 1,
    });
  });
});
