import type { AnalyticsOptOutPage, SurveyInsight, SurveyTextAnswerPage } from '@repo/validation';
import { BETA_FEEDBACK_STEPS } from '@repo/validation';
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';
import { hashSurveyKey } from '../../src/survey/survey-progress-repository';
import { signInAdmin } from '../helpers/admin';
import { createTestContext, validBetaFeedback } from '../helpers/test-app';

const { ctx, admin } = useAdminContext({ PUBLIC_SITE_URL: 'https://wordloom.test' });

const stepAnswers = [
  { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' },
  { primaryRole: 'Content lead', aiExperienceLevel: 'advanced' },
  { gettingStartedEase: 'easy', initialImpressions: 'Fast setup and clear drafts.' },
];

/** A visitor who opened the survey and saved each step up to `step`. */
async function reachStep(step: number): Promise<string> {
  const key = randomUUID();
  for (let current = 1; current <= step; current++) {
    const answers = Object.assign({}, ...stepAnswers.slice(0, current - 1));
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/beta-feedback/progress',
      // A browser's (requests without one are taken for scripts and not counted).
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
      payload: { key, step: current, answers },
    });
    expect(response.statusCode).toBe(200);
  }
  return key;
}

async function submit(overrides: Record<string, unknown>, progressKey?: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/beta-feedback',
    payload: { ...validBetaFeedback(overrides), ...(progressKey ? { progressKey } : {}) },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin.headers });

beforeAll(async () => {
  // Five opened the survey: one left at step 1, one at step 2, one is at step 3 (and could
  // come back), two finished. One more response came without saved progress.
  await reachStep(1);
  const leftAtTwo = await reachStep(2);
  await reachStep(3);
  for (const [index, likelihood] of ['very_likely', 'unlikely'].entries()) {
    const key = await reachStep(3);
    await submit(
      {
        email: `finisher-${index}@example.com`,
        firstName: index === 0 ? 'Alan' : 'Barbara',
        recommendationLikelihood: likelihood,
        improvementSuggestions: index === 0 ? 'Faster exports, please.' : '=HYPERLINK("x")',
        generalFeedback: index === 0 ? 'The keyword view is great.' : '',
      },
      key,
    );
  }
  await submit({ recommendationLikelihood: 'not_sure', additionalComments: 'Nothing more.' });
  // The one who left at step 2 did so 8 days ago: no longer resumable.
  await ctx.database.db
    .updateTable('betaFeedbackProgress')
    .set({ updatedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
    .where('browserKeyHash', '=', hashSurveyKey(leftAtTwo))
    .execute();
});

describe('GET /api/admin/feedback/insight', () => {
  it('counts started, reached, stopped and completed surveys per step', async () => {
    const response = await get('/api/admin/feedback/insight');
    expect(response.statusCode).toBe(200);
    const { funnel } = response.json<SurveyInsight>();
    // The response without saved progress is not among the surveys opened.
    expect(funnel).toMatchObject({ started: 5, completed: 2, resumable: 2 });
    expect(funnel.steps).toHaveLength(BETA_FEEDBACK_STEPS.length);
    expect(funnel.steps.slice(0, 4)).toEqual([
      { step: 1, title: 'Personal Information', reached: 5, stoppedHere: 1, resumableHere: 1 },
      { step: 2, title: 'Demographics', reached: 4, stoppedHere: 1, resumableHere: 0 },
      { step: 3, title: 'Initial Impressions', reached: 3, stoppedHere: 1, resumableHere: 1 },
      { step: 4, title: 'Feature Usability', reached: 2, stoppedHere: 0, resumableHere: 0 },
    ]);
    expect(funnel.steps.at(-1)).toMatchObject({ step: 9, reached: 2, stoppedHere: 0 });
  });

  it('gives every rated question its distribution and the recommendation score with its counts', async () => {
    const insight = (await get('/api/admin/feedback/insight')).json<SurveyInsight>();
    expect(insight.responses).toBe(3);
    expect(Object.keys(insight.distributions)).toHaveLength(15);
    expect(insight.distributions.gettingStartedEase).toMatchObject({ easy: 3, very_easy: 0 });
    expect(insight.recommendation).toEqual({
      // (1 very likely - 1 unlikely) / 2 opinions; 'not sure' abstains.
      score: 0,
      opinions: 2,
      counts: {
        not_at_all_likely: 0,
        unlikely: 1,
        neutral: 0,
        likely: 0,
        very_likely: 1,
        not_sure: 1,
      },
    });
  });

  it('answers null for the score while nobody gave an opinion', async () => {
    const fresh = await createTestContext();
    try {
      const session = await signInAdmin(fresh);
      const response = await fresh.app.inject({
        method: 'GET',
        url: '/api/admin/feedback/insight',
        headers: session.headers,
      });
      const insight = response.json<SurveyInsight>();
      expect(insight).toMatchObject({
        funnel: { started: 0, completed: 0 },
        responses: 0,
        recommendation: { score: null, opinions: 0 },
      });
      expect(insight.funnel.steps.every((step) => step.reached === 0)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/admin/feedback/answers', () => {
  it('lists the free-text answers of completed responses, newest first, in the survey order', async () => {
    const response = await get('/api/admin/feedback/answers');
    expect(response.statusCode).toBe(200);
    const page = response.json<SurveyTextAnswerPage>();
    // 3 initial impressions, 1 general feedback, 3 suggestions, 1 additional comment.
    expect(page.total).toBe(8);
    expect(page.items[0]).toMatchObject({
      field: 'initialImpressions',
      answer: 'Clean interface and the brand setup was quick.',
    });
    expect(page.items[1]).toMatchObject({ field: 'improvementSuggestions' });
    expect(page.items[2]).toMatchObject({ field: 'additionalComments', answer: 'Nothing more.' });
    expect(page.items.every((item) => item.answer.trim() !== '')).toBe(true);
  });

  it('searches the answers (case-insensitive, wildcards taken literally) and filters by question', async () => {
    const found = (
      await get('/api/admin/feedback/answers?search=KEYWORD')
    ).json<SurveyTextAnswerPage>();
    expect(found.items).toEqual([
      expect.objectContaining({
        field: 'generalFeedback',
        answer: 'The keyword view is great.',
        firstName: 'Alan',
        email: 'finisher-0@example.com',
      }),
    ]);
    const literal = (
      await get('/api/admin/feedback/answers?search=%25')
    ).json<SurveyTextAnswerPage>();
    expect(literal.total).toBe(0);
    const byField = (
      await get('/api/admin/feedback/answers?field=improvementSuggestions&pageSize=2&page=2')
    ).json<SurveyTextAnswerPage>();
    expect(byField).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(byField.items).toHaveLength(1);
  });

  it.each(['field=email', 'pageSize=0', 'pageSize=101', 'page=abc', `search=${'x'.repeat(201)}`])(
    'answers 400 to %s',
    async (query) => {
      expect((await get(`/api/admin/feedback/answers?${query}`)).statusCode).toBe(400);
    },
  );
});

describe('GET /api/admin/feedback/export', () => {
  it('streams every response as a CSV with formulas made inert, and records the export', async () => {
    const response = await get('/api/admin/feedback/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="survey-responses-export.csv"',
    );
    const records = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(3);
    expect(Object.keys(records[0]!).slice(0, 6)).toEqual([
      'ID',
      'Submitted at',
      'Email',
      'First name',
      'Last name',
      'Primary role',
    ]);
    expect(Object.keys(records[0]!)).toHaveLength(2 + 24);
    const barbara = records.find((record) => record['First name'] === 'Barbara')!;
    expect(barbara['Improvement suggestions']).toBe(`'=HYPERLINK("x")`);
    expect(barbara['Recommendation likelihood']).toBe('unlikely');
    expect(barbara['General feedback']).toBe('');
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'export.csv')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actorLabel: 'staff-admin',
      targetType: 'feedback',
      details: { export: 'feedback', rows: 3 },
    });
  });
});

describe('GET /api/admin/analytics-opt-out', () => {
  it("names the public site's opt-out page", async () => {
    const response = await get('/api/admin/analytics-opt-out');
    expect(response.statusCode).toBe(200);
    expect(response.json<AnalyticsOptOutPage>()).toEqual({
      url: 'https://wordloom.test/analytics-opt-out',
      origin: 'https://wordloom.test',
    });
  });
});

describe('the survey routes of the console', () => {
  it.each([
    '/api/admin/feedback/insight',
    '/api/admin/feedback/answers',
    '/api/admin/feedback/export',
  ])('%s answers 401 without a session', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
  });
});

describe('erasing a person', () => {
  it("deletes their unfinished survey too, and nobody else's", async () => {
    const key = randomUUID();
    const other = randomUUID();
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' };
    for (const [name, email] of [
      [key, 'Erased.Person@example.com'],
      [other, 'kept@example.com'],
    ] as const) {
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: '/api/beta-feedback/progress',
        headers: browser,
        payload: { key: name, step: 2, answers: { ...stepAnswers[0], email } },
      });
      expect(saved.statusCode).toBe(200);
    }
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/erasure',
      headers: admin.headers,
      payload: { email: 'erased.person@EXAMPLE.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ deleted: { feedbackResponses: 1 } });
    const left = await ctx.database.db
      .selectFrom('betaFeedbackProgress')
      .select('browserKeyHash')
      .where('browserKeyHash', 'in', [hashSurveyKey(key), hashSurveyKey(other)])
      .execute();
    expect(left).toEqual([{ browserKeyHash: hashSurveyKey(other) }]);
  });
});
