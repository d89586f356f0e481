import type { ErasureResult, FeedbackResponsePage } from '@repo/validation';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { rollUpAnalytics } from '../../src/analytics/rollups-repository';
import { useAdminContext } from '../helpers/use-context';
import { validBetaFeedback, validWaitlistSignup } from '../helpers/test-app';

const { ctx, admin } = useAdminContext();

const NOBODY = '00000000-0000-4000-8000-000000000000';

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

/** A session id that does not itself name the address. */
const sessionOf = (email: string) => `s-${email.replace(/[@.]/g, '_')}`;

/** One person's whole footprint: a signup (welcome mail), approval (invitation), message, survey, analytics. */
async function person(email: string) {
  const signup = await ctx.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: validWaitlistSignup({ email }),
  });
  const entryId = signup.json<{ id: string }>().id;
  const contact = await ctx.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: {
      name: 'Erin Example',
      email,
      subject: 'About my data',
      message: 'Please tell me what you keep about me.',
    },
  });
  const survey = await ctx.app.inject({
    method: 'POST',
    url: '/api/beta-feedback',
    payload: validBetaFeedback({ email }),
  });
  const { db } = ctx.database;
  // Events as an older tracker stored them (typed values), one naming the entry, one unrelated.
  await db
    .insertInto('analyticsEvents')
    .values([
      {
        type: 'form_submit',
        path: '/beta',
        sessionId: sessionOf(email),
        occurredAt: new Date(),
        data: JSON.stringify({ sessionId: sessionOf(email), formId: 'waitlist', email }),
      },
      {
        type: 'waitlist_signup',
        path: '/beta',
        sessionId: sessionOf(email),
        occurredAt: new Date(),
        data: JSON.stringify({ sessionId: sessionOf(email), entryId }),
      },
      {
        type: 'page_view',
        path: '/',
        sessionId: sessionOf(email),
        occurredAt: new Date(),
        data: JSON.stringify({ sessionId: sessionOf(email) }),
      },
    ])
    .execute();
  return {
    entryId,
    contactId: contact.json<{ id: string }>().id,
    surveyId: survey.json<{ id: string }>().id,
  };
}

async function footprint(email: string) {
  const { db } = ctx.database;
  const lower = email.toLowerCase();
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    waitlistEntries: await count(
      db.selectFrom('waitlistEntries').select('id').where('email', 'ilike', lower).execute(),
    ),
    contactMessages: await count(
      db.selectFrom('contactMessages').select('id').where('email', 'ilike', lower).execute(),
    ),
    feedbackResponses: await count(
      db.selectFrom('betaFeedbackResponses').select('id').where('email', 'ilike', lower).execute(),
    ),
    participants: await count(
      db.selectFrom('betaParticipants').select('id').where('email', 'ilike', lower).execute(),
    ),
    emails: await count(
      db.selectFrom('emailOutbox').select('id').where('toEmail', 'ilike', lower).execute(),
    ),
    analyticsEvents: await count(
      db
        .selectFrom('analyticsEvents')
        .select('id')
        .where('sessionId', '=', sessionOf(email))
        .execute(),
    ),
  };
}

async function auditRows() {
  return ctx.database.db.selectFrom('auditLog').selectAll().orderBy('id').execute();
}

describe('DELETE /api/admin/waitlist/:id', () => {
  it('deletes the entry for good, with its mail and the analytics naming it', async () => {
    const email = 'wendy-waitlist@example.com';
    const { entryId } = await person(email);
    const bystander = 'bystander-one@example.com';
    await person(bystander);
    const response = await inject('DELETE', `/api/admin/waitlist/${entryId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ErasureResult>().deleted).toEqual({
      waitlistEntries: 1,
      contactMessages: 0,
      feedbackResponses: 0,
      participants: 0,
      emails: 1,
      analyticsEvents: 2,
    });
    expect(await footprint(email)).toMatchObject({
      waitlistEntries: 0,
      emails: 0,
      // The page view names nobody and stays.
      analyticsEvents: 1,
    });
    expect(await footprint(bystander)).toMatchObject({ waitlistEntries: 1, analyticsEvents: 3 });
    const entry = (await auditRows()).at(-1)!;
    expect(entry).toMatchObject({
      action: 'waitlist.delete',
      actorLabel: 'staff-admin',
      targetType: 'waitlist_entry',
      targetId: entryId,
    });
    expect(JSON.stringify(entry)).not.toContain(email);
  });

  it('answers 404 to an unknown or malformed id, and deletes nothing', async () => {
    const before = await ctx.database.db.selectFrom('waitlistEntries').select('id').execute();
    expect((await inject('DELETE', `/api/admin/waitlist/${NOBODY}`)).statusCode).toBe(404);
    expect((await inject('DELETE', '/api/admin/waitlist/not-a-uuid')).statusCode).toBe(404);
    const after = await ctx.database.db.selectFrom('waitlistEntries').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});

describe('DELETE /api/admin/contacts/:id', () => {
  it('deletes the message for good, with mail and analytics naming the address', async () => {
    const email = 'carl-contact@example.com';
    const { contactId } = await person(email);
    const response = await inject('DELETE', `/api/admin/contacts/${contactId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ErasureResult>().deleted).toMatchObject({
      contactMessages: 1,
      emails: 1,
      analyticsEvents: 1,
    });
    expect(await footprint(email)).toMatchObject({ contactMessages: 0, emails: 0 });
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'contact.delete',
      targetId: contactId,
    });
    expect((await inject('DELETE', `/api/admin/contacts/${contactId}`)).statusCode).toBe(404);
  });
});

describe('survey responses in the admin', () => {
  it('are listed newest first with the fields the console shows, searchable', async () => {
    const email = 'fiona-feedback@example.com';
    const { surveyId } = await person(email);
    const response = await inject('GET', '/api/admin/feedback?page=1&pageSize=5&search=FIONA');
    expect(response.statusCode).toBe(200);
    const page = response.json<FeedbackResponsePage>();
    expect(page.total).toBe(1);
    expect(page.responses).toEqual([
      {
        id: surveyId,
        email,
        firstName: 'Grace',
        lastName: 'Hopper',
        createdAt: expect.any(String),
        recommendationLikelihood: 'likely',
        overallSatisfaction: 'satisfied',
      },
    ]);
    const all = await inject('GET', '/api/admin/feedback');
    expect(all.json<FeedbackResponsePage>().total).toBeGreaterThan(1);
    expect((await inject('GET', '/api/admin/feedback?pageSize=1000')).statusCode).toBe(400);
  });

  it('DELETE /api/admin/feedback/:id deletes one for good', async () => {
    const email = 'frank-feedback@example.com';
    const { surveyId } = await person(email);
    const response = await inject('DELETE', `/api/admin/feedback/${surveyId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ErasureResult>().deleted).toMatchObject({ feedbackResponses: 1 });
    expect(await footprint(email)).toMatchObject({ feedbackResponses: 0, emails: 0 });
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'feedback.delete',
      targetId: surveyId,
    });
    expect((await inject('DELETE', `/api/admin/feedback/${surveyId}`)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/erasure', () => {
  it('erases everything kept about an address, in any case, and nothing of anyone else', async () => {
    const email = 'erin-erase@example.com';
    const { entryId } = await person(email);
    const approved = await inject('POST', `/api/admin/beta/approve/${entryId}`);
    expect(approved.statusCode).toBe(201);
    const bystander = 'bystander-two@example.com';
    await person(bystander);
    const bystanderBefore = await footprint(bystander);

    const response = await inject('POST', '/api/admin/erasure', {
      email: 'Erin-ERASE@example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ErasureResult>()).toEqual({
      deleted: {
        waitlistEntries: 1,
        contactMessages: 1,
        feedbackResponses: 1,
        participants: 1,
        emails: 2, // the welcome mail and the invitation
        analyticsEvents: 2,
      },
    });
    expect(await footprint(email)).toEqual({
      waitlistEntries: 0,
      contactMessages: 0,
      feedbackResponses: 0,
      participants: 0,
      emails: 0,
      analyticsEvents: 1,
    });
    expect(await footprint(bystander)).toEqual(bystanderBefore);
  });

  it('records who erased how much, and no audit entry holds the address', async () => {
    const email = 'ida-invisible@example.com';
    const { entryId, contactId } = await person(email);
    await inject('POST', `/api/admin/beta/approve/${entryId}`);
    await inject('PATCH' as 'POST', `/api/admin/contacts/${contactId}`, { status: 'read' });
    await inject('POST', '/api/admin/erasure', { email });
    const rows = await auditRows();
    const erasure = rows.at(-1)!;
    expect(erasure).toMatchObject({
      action: 'person.erase',
      actorLabel: 'staff-admin',
      targetType: 'person',
      targetId: null,
      details: { deleted: { waitlistEntries: 1, contactMessages: 1, participants: 1 } },
    });
    const everything = JSON.stringify(rows).toLowerCase();
    expect(everything).not.toContain(email);
    expect(everything).not.toContain('ida-invisible');
  });

  it('takes the erased events out of the analytics rollups too (issue 32)', async () => {
    const email = 'rolf-rollup@example.com';
    await person(email);
    const { db } = ctx.database;
    expect((await rollUpAnalytics(db)).rolled).toBeGreaterThan(0);
    const response = await inject('POST', '/api/admin/erasure', { email });
    expect(response.json<ErasureResult>().deleted.analyticsEvents).toBe(2);
    // Every rolled-up count is the raw events' count: the erased ones left both.
    const counts = await sql<{ type: string; raw: number; rolled: number }>`
      select type, coalesce(raw, 0)::int as raw, coalesce(rolled, 0)::int as rolled
      from (select type, count(*) as raw from analytics_events group by type) as raw
      full join (select type, sum(events) as rolled from analytics_rollups group by type) as rolled
        using (type)
    `.execute(db);
    expect(counts.rows.map((row) => row.type)).toContain('page_view');
    for (const row of counts.rows) expect(row.rolled, row.type).toBe(row.raw);
  });

  it('finds nothing to erase for an unknown address, and rejects a malformed one', async () => {
    const none = await inject('POST', '/api/admin/erasure', { email: 'nobody@example.com' });
    expect(none.statusCode).toBe(200);
    expect(Object.values(none.json<ErasureResult>().deleted)).toEqual([0, 0, 0, 0, 0, 0]);
    const bad = await inject('POST', '/api/admin/erasure', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().type).toBe('validation_error');
  });
});
