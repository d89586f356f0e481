import type { SurveyProgressAnswer } from '@repo/validation';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/use-context';
import {
  clearAbandonedSurveyAnswers,
  hashSurveyKey,
} from '../../src/survey/survey-progress-repository';
import { validBetaFeedback } from '../helpers/test-app';

const ctx = useTestContext();

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

const save = (body: Record<string, unknown>, userAgent = BROWSER) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/beta-feedback/progress',
    headers: { 'user-agent': userAgent },
    payload: body,
  });

const load = async (key: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/beta-feedback/progress?key=${encodeURIComponent(key)}`,
  });
  return { status: response.statusCode, body: response.json<SurveyProgressAnswer>() };
};

const rowOf = (key: string) =>
  ctx.database.db
    .selectFrom('betaFeedbackProgress')
    .selectAll()
    .where('browserKeyHash', '=', hashSurveyKey(key))
    .executeTakeFirst();

const stepOne = { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' };
const stepTwo = { primaryRole: 'Content lead', aiExperienceLevel: 'advanced' };

describe('PUT /api/beta-feedback/progress', () => {
  it('creates the partial response on the first save and resumes it with its answers and step', async () => {
    const key = randomUUID();
    const opened = await save({ key, step: 1, answers: {} });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ saved: true, resumableUntil: expect.any(String) });
    const until = Date.parse(opened.json<{ resumableUntil: string }>().resumableUntil);
    expect(until - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    expect((await save({ key, step: 2, answers: stepOne })).statusCode).toBe(200);
    expect((await save({ key, step: 3, answers: { ...stepOne, ...stepTwo } })).statusCode).toBe(
      200,
    );
    const { status, body } = await load(key);
    expect(status).toBe(200);
    expect(body.progress).toMatchObject({ step: 3, answers: { ...stepOne, ...stepTwo } });

    // Going back and saving an earlier step reopens there, but the furthest step stays.
    expect((await save({ key, step: 2, answers: { ...stepOne, ...stepTwo } })).statusCode).toBe(
      200,
    );
    const row = await rowOf(key);
    expect(row).toMatchObject({ step: 2, furthestStep: 3, completedAt: null });
    // Only the key's hash is kept.
    const raw = await sql<{ n: number }>`
      select count(*)::int as n from beta_feedback_progress where browser_key_hash = ${key}
    `.execute(ctx.database.db);
    expect(raw.rows[0]!.n).toBe(0);
  });

  it('keeps answers trimmed and validated like the final submit, refusing what the submit would', async () => {
    const key = randomUUID();
    const trimmed = await save({
      key,
      step: 2,
      answers: { email: '  ada@example.com ', firstName: ' Ada ', lastName: 'Lovelace' },
    });
    expect(trimmed.statusCode).toBe(200);
    expect((await rowOf(key))?.answers).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });

    const badEmail = await save({ key, step: 2, answers: { ...stepOne, email: 'nope' } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().issues).toContainEqual({
      path: 'answers.email',
      message: 'Please enter a valid email address',
    });
    const badChoice = await save({
      key,
      step: 3,
      answers: { ...stepOne, ...stepTwo, aiExperienceLevel: 'guru' },
    });
    expect(badChoice.statusCode).toBe(400);
    expect(badChoice.json().issues[0]).toMatchObject({ path: 'answers.aiExperienceLevel' });
  });

  it('refuses a step whose earlier required answers are missing', async () => {
    const response = await save({ key: randomUUID(), step: 3, answers: stepOne });
    expect(response.statusCode).toBe(400);
    const paths = response.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path);
    expect(paths).toEqual(['answers.primaryRole', 'answers.aiExperienceLevel']);
  });

  it.each([
    ['no key', { step: 1, answers: {} }],
    ['a short key', { key: 'abc', step: 1, answers: {} }],
    ['a key with odd characters', { key: `${'a'.repeat(20)}/../`, step: 1 }],
    ['step 0', { key: randomUUID(), step: 0 }],
    ['step 10', { key: randomUUID(), step: 10 }],
    ['a fractional step', { key: randomUUID(), step: 1.5 }],
    ['a text step', { key: randomUUID(), step: '2' }],
    ['answers that are not an object', { key: randomUUID(), step: 1, answers: 'x' }],
    [
      'a huge answer',
      { key: randomUUID(), step: 1, answers: { generalFeedback: 'x'.repeat(6000) } },
    ],
  ])('answers 400 to %s and stores nothing', async (_label, body) => {
    const before = await ctx.database.db
      .selectFrom('betaFeedbackProgress')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await save(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'validation_error' });
    const after = await ctx.database.db
      .selectFrom('betaFeedbackProgress')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/beta-feedback/progress',
      headers: { 'content-type': 'application/json' },
      payload: '{"key":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('gives a bot (honeypot filled, or a crawler) the usual answer and keeps nothing', async () => {
    const honeypot = randomUUID();
    const filled = await save({ key: honeypot, step: 1, answers: {}, website: 'https://spam' });
    expect(filled.statusCode).toBe(200);
    expect(filled.json()).toMatchObject({ saved: true });
    expect(await rowOf(honeypot)).toBeUndefined();

    const crawler = randomUUID();
    const crawled = await save(
      { key: crawler, step: 1, answers: {} },
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    );
    expect(crawled.statusCode).toBe(200);
    expect(await rowOf(crawler)).toBeUndefined();
  });

  it('is closed (409) once the survey was submitted, and after 7 days without a save', async () => {
    const submitted = randomUUID();
    await save({ key: submitted, step: 2, answers: stepOne });
    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta-feedback',
      payload: { ...validBetaFeedback(), progressKey: submitted },
    });
    expect(submit.statusCode).toBe(201);
    const closed = await save({ key: submitted, step: 2, answers: stepOne });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ type: 'survey_closed' });
    expect((await load(submitted)).body).toEqual({ progress: null });

    const stale = randomUUID();
    await save({ key: stale, step: 2, answers: stepOne });
    await ctx.database.db
      .updateTable('betaFeedbackProgress')
      .set({ updatedAt: new Date(Date.now() - 7 * 24 * 3600 * 1000 - 60_000) })
      .where('browserKeyHash', '=', hashSurveyKey(stale))
      .execute();
    expect((await load(stale)).body).toEqual({ progress: null });
    expect(
      (await save({ key: stale, step: 3, answers: { ...stepOne, ...stepTwo } })).statusCode,
    ).toBe(409);
    // Six days after the last save it still resumes.
    const recent = randomUUID();
    await save({ key: recent, step: 2, answers: stepOne });
    await ctx.database.db
      .updateTable('betaFeedbackProgress')
      .set({ updatedAt: new Date(Date.now() - 6 * 24 * 3600 * 1000) })
      .where('browserKeyHash', '=', hashSurveyKey(recent))
      .execute();
    expect((await load(recent)).body.progress).toMatchObject({ step: 2, answers: stepOne });
  });

  it('settles two saves racing for a new key on one row', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      [1, 2, 2, 1].map((step) => save({ key, step, answers: step === 2 ? stepOne : {} })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await ctx.database.db
      .selectFrom('betaFeedbackProgress')
      .select('furthestStep')
      .where('browserKeyHash', '=', hashSurveyKey(key))
      .execute();
    expect(rows).toEqual([{ furthestStep: 2 }]);
  });
});

describe('GET /api/beta-feedback/progress', () => {
  it('answers null for a key nobody saved under, and 400 for a malformed key', async () => {
    expect(await load(randomUUID())).toEqual({ status: 200, body: { progress: null } });
    expect((await load('short')).status).toBe(400);
    const none = await ctx.app.inject({ method: 'GET', url: '/api/beta-feedback/progress' });
    expect(none.statusCode).toBe(400);
  });

  it('is never cached', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/beta-feedback/progress?key=${randomUUID()}`,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /api/beta-feedback with the survey in progress', () => {
  it('completes it: the response is linked, the saved answers are cleared, the answer is unchanged', async () => {
    const key = randomUUID();
    await save({ key, step: 3, answers: { ...stepOne, ...stepTwo } });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta-feedback',
      payload: { ...validBetaFeedback(), progressKey: key, website: '' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      message: 'Thank you for your feedback!',
    });
    const row = await rowOf(key);
    expect(row).toMatchObject({
      completedAt: expect.any(Date),
      responseId: response.json<{ id: string }>().id,
      furthestStep: 9,
      answers: {},
    });
  });

  it('counts a submit whose progress was never saved as started and completed', async () => {
    const key = randomUUID();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta-feedback',
      payload: { ...validBetaFeedback(), progressKey: key },
    });
    expect(response.statusCode).toBe(201);
    expect(await rowOf(key)).toMatchObject({ furthestStep: 9, completedAt: expect.any(Date) });
  });

  it('answers 400 to a malformed progress key and stores no response', async () => {
    const before = await ctx.database.db
      .selectFrom('betaFeedbackResponses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta-feedback',
      payload: { ...validBetaFeedback(), progressKey: 'no' },
    });
    expect(response.statusCode).toBe(400);
    const after = await ctx.database.db
      .selectFrom('betaFeedbackResponses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('keeps a honeypot submit out of the survey counts too', async () => {
    const key = randomUUID();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta-feedback',
      payload: { ...validBetaFeedback(), progressKey: key, website: 'spam' },
    });
    expect(response.statusCode).toBe(201);
    expect(await rowOf(key)).toBeUndefined();
  });
});

describe('the daily clean-up', () => {
  it('clears the answers of surveys nobody can resume, and keeps their steps for the counts', async () => {
    const abandoned = randomUUID();
    const open = randomUUID();
    await save({ key: abandoned, step: 3, answers: { ...stepOne, ...stepTwo } });
    await save({ key: open, step: 2, answers: stepOne });
    await ctx.database.db
      .updateTable('betaFeedbackProgress')
      .set({ updatedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where('browserKeyHash', '=', hashSurveyKey(abandoned))
      .execute();
    expect(await clearAbandonedSurveyAnswers(ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(abandoned)).toMatchObject({ answers: {}, furthestStep: 3 });
    expect((await rowOf(open))?.answers).toEqual(stepOne);
    // Nothing left to clear the second time.
    expect(await clearAbandonedSurveyAnswers(ctx.database.db)).toBe(0);
  });
});
