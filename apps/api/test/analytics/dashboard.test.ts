import type { AnalyticsDashboard } from '@repo/validation';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminContext } from '../helpers/use-context';
import { seedWaitlist } from '../helpers/admin';
import { validBetaFeedback } from '../helpers/test-app';
import { rollUpAnalytics } from '../../src/analytics/rollups-repository';

const { ctx, admin } = useAdminContext();

const DAY_MS = 24 * 60 * 60 * 1000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * DAY_MS);
const utcDate = (date: Date) => date.toISOString().slice(0, 10);

type EventSeed = {
  type: string;
  path?: string;
  session: string;
  at?: Date;
  data?: Record<string, unknown>;
};

async function addEvents(events: EventSeed[]) {
  await ctx.database.db
    .insertInto('analyticsEvents')
    .values(
      events.map((event) => ({
        type: event.type,
        path: event.path ?? '/',
        sessionId: event.session,
        occurredAt: event.at ?? new Date(now - 60_000),
        data: JSON.stringify({ sessionId: event.session, ...event.data }),
      })),
    )
    .execute();
}

beforeAll(async () => {
  await seedWaitlist(ctx, 4);
  await ctx.database.db
    .insertInto('contactMessages')
    .values([
      {
        name: 'Ann',
        email: 'ann@example.com',
        subject: 'Hello there',
        message: 'A long enough message',
      },
      {
        name: 'Bob',
        email: 'bob@example.com',
        subject: 'Hello again',
        message: 'Another long message',
      },
    ])
    .execute();

  const google = { referrer: 'https://www.google.com/search?q=ai+writer' };
  await addEvents([
    { type: 'page_view', path: '/', session: 's1', data: google },
    { type: 'page_view', path: '/blog', session: 's1', data: google },
    {
      type: 'page_view',
      path: '/blog',
      session: 's2',
      data: { referrer: 'https://WWW.Google.com/' },
    },
    { type: 'page_view', path: '/blog', session: 's3', data: { referrer: 'direct' } },
    { type: 'page_view', path: '/pricing', session: 's4' },
    {
      type: 'page_view',
      path: '/',
      session: 's5',
      at: daysAgo(2),
      data: { referrer: 'https://news.ycombinator.com/item?id=1' },
    },
    { type: 'page_view', path: '/old', session: 's6', at: daysAgo(40) },
    { type: 'feature_engagement', session: 's1', data: { featureId: 'seo', action: 'view' } },
    { type: 'feature_engagement', session: 's2', data: { featureId: 'seo', action: 'view' } },
    {
      type: 'feature_engagement',
      session: 's6',
      at: daysAgo(40),
      data: { featureId: 'hub', action: 'view' },
    },
    ...[1, 2, 3, 4, 5, 6, 7].map((step) => ({
      type: 'waitlist_step_completed',
      session: 's1',
      data: { step_number: step, step_name: `step${step}`, total_steps: 7 },
    })),
    // The same step twice in one session counts once.
    {
      type: 'waitlist_step_completed',
      session: 's1',
      data: { step_number: 1, step_name: 'email', total_steps: 7 },
    },
    ...[1, 2, 3].map((step) => ({
      type: 'waitlist_step_completed',
      session: 's2',
      data: { step_number: step, step_name: `step${step}`, total_steps: 7 },
    })),
    {
      type: 'waitlist_step_completed',
      session: 's3',
      data: { step_number: 1, step_name: 'email', total_steps: 7 },
    },
    // Outside the period.
    {
      type: 'waitlist_step_completed',
      session: 's6',
      at: daysAgo(40),
      data: { step_number: 1, step_name: 'email', total_steps: 7 },
    },
  ]);

  // Issue 32: the figures below come from the rollups (and the unfinished hour from raw events).
  expect((await rollUpAnalytics(ctx.database.db)).rolledThrough).toBeGreaterThan(0);

  for (const recommendationLikelihood of ['likely', 'very_likely', 'unlikely', 'not_sure']) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta-feedback',
      payload: validBetaFeedback({ recommendationLikelihood }),
    });
    expect(response.statusCode).toBe(201);
  }
});

async function dashboard(query = '') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/analytics/dashboard${query}`,
    headers: { cookie: admin.headers.cookie },
  });
  return { status: response.statusCode, body: response.json<AnalyticsDashboard>() };
}

describe('GET /api/analytics/dashboard', () => {
  it('answers the three stat-card counts (all time)', async () => {
    const { status, body } = await dashboard();
    expect(status).toBe(200);
    expect(body).toMatchObject({ waitlistSignups: 4, contactSubmissions: 2, featureEngagement: 3 });
  });

  it('covers the last 30 days by default, one entry per UTC day, zeros included', async () => {
    const { body } = await dashboard();
    expect(body.period.days).toBe(30);
    expect(body.pageViewsPerDay).toHaveLength(30);
    expect(body.pageViewsPerDay.at(-1)).toEqual({ date: utcDate(new Date(now)), views: 5 });
    expect(body.pageViewsPerDay.find((day) => day.date === utcDate(daysAgo(2)))?.views).toBe(1);
    expect(body.pageViewsPerDay.reduce((sum, day) => sum + day.views, 0)).toBe(6);
    expect(body.pageViewsPerDay[0]!.date).toBe(utcDate(daysAgo(29)));
    expect(Date.parse(body.period.from)).toBe(Date.parse(`${utcDate(daysAgo(29))}T00:00:00.000Z`));
  });

  it('ranks top pages and referrers (by host, in distinct sessions) within the period', async () => {
    const { body } = await dashboard();
    expect(body.topPages).toEqual([
      { path: '/blog', views: 3 },
      { path: '/', views: 2 },
      { path: '/pricing', views: 1 },
    ]);
    expect(body.topReferrers).toEqual([
      // Ties are broken alphabetically.
      { referrer: 'direct', visits: 2 },
      { referrer: 'www.google.com', visits: 2 },
      { referrer: 'news.ycombinator.com', visits: 1 },
    ]);
  });

  it('counts the sessions that reached each of the 7 waitlist steps', async () => {
    const { body } = await dashboard();
    expect(body.waitlistFunnel).toEqual([
      { stepNumber: 1, stepName: 'email', sessions: 3 },
      { stepNumber: 2, stepName: 'firstName', sessions: 2 },
      { stepNumber: 3, stepName: 'lastName', sessions: 2 },
      { stepNumber: 4, stepName: 'company', sessions: 1 },
      { stepNumber: 5, stepName: 'userType', sessions: 1 },
      { stepNumber: 6, stepName: 'contentWorkflow', sessions: 1 },
      { stepNumber: 7, stepName: 'primaryUse', sessions: 1 },
    ]);
  });

  it('gives the distribution of every rated survey answer and the recommendation score', async () => {
    const { body } = await dashboard();
    expect(body.feedback.responses).toBe(4);
    expect(Object.keys(body.feedback.distributions)).toHaveLength(15);
    expect(body.feedback.distributions.recommendationLikelihood).toEqual({
      not_at_all_likely: 0,
      unlikely: 1,
      neutral: 0,
      likely: 1,
      very_likely: 1,
      not_sure: 1,
    });
    expect(body.feedback.distributions.gettingStartedEase).toMatchObject({
      easy: 4,
      very_difficult: 0,
    });
    expect(body.feedback.distributions.whyItMattersUseful).toMatchObject({ very_useful: 4 });
    // Issue 12: share of 'very likely' minus share of 'unlikely' and 'not at all likely':
    // (1 - 1) / 3 opinions; 'not sure' abstains.
    expect(body.feedback.recommendationScore).toBe(0);
  });

  it('narrows to a shorter period', async () => {
    const { body } = await dashboard('?days=1');
    expect(body.pageViewsPerDay).toEqual([{ date: utcDate(new Date(now)), views: 5 }]);
    expect(body.topPages.find((page) => page.path === '/')?.views).toBe(1);
    expect(body.topReferrers.map((referrer) => referrer.referrer)).not.toContain(
      'news.ycombinator.com',
    );
    // The stat cards stay all-time.
    expect(body.featureEngagement).toBe(3);
  });

  it.each(['0', '366', 'abc', '1.5'])('answers 400 to days=%s', async (days) => {
    const { status } = await dashboard(`?days=${days}`);
    expect(status).toBe(400);
  });

  it('compares the period with the previous one of the same length', async () => {
    const { body } = await dashboard('?days=7');
    expect(body.period).toMatchObject({
      days: 7,
      firstDay: utcDate(daysAgo(6)),
      lastDay: utcDate(new Date(now)),
    });
    expect(body.comparison.previousPeriod).toMatchObject({
      days: 7,
      firstDay: utcDate(daysAgo(13)),
      lastDay: utcDate(daysAgo(7)),
    });
    // The same days a week earlier, cut at the same time of day: today is not over yet.
    const weekMs = 7 * DAY_MS;
    expect(Date.parse(body.comparison.previousPeriod.from)).toBe(
      Date.parse(body.period.from) - weekMs,
    );
    expect(Date.parse(body.comparison.previousPeriod.to)).toBe(Date.parse(body.period.to) - weekMs);
    expect(body.comparison.current).toEqual({
      pageViews: 6,
      visitors: 5,
      waitlistSignups: 4,
      contactSubmissions: 2,
      featureEngagement: 2,
      feedbackResponses: 4,
    });
    expect(body.comparison.previous).toEqual({
      pageViews: 0,
      visitors: 0,
      waitlistSignups: 0,
      contactSubmissions: 0,
      featureEngagement: 0,
      feedbackResponses: 0,
    });
  });

  it('takes a custom range of calendar days, and compares it with the days just before', async () => {
    const first = utcDate(daysAgo(45));
    const last = utcDate(daysAgo(35));
    const { status, body } = await dashboard(`?from=${first}&to=${last}`);
    expect(status).toBe(200);
    expect(body.period).toMatchObject({
      days: 11,
      firstDay: first,
      lastDay: last,
      from: `${first}T00:00:00.000Z`,
      to: `${utcDate(daysAgo(34))}T00:00:00.000Z`,
    });
    expect(body.pageViewsPerDay).toHaveLength(11);
    expect(body.pageViewsPerDay.find((day) => day.date === utcDate(daysAgo(40)))?.views).toBe(1);
    expect(body.topPages).toEqual([{ path: '/old', views: 1 }]);
    expect(body.comparison.current).toMatchObject({
      pageViews: 1,
      visitors: 1,
      featureEngagement: 1,
    });
    expect(body.comparison.previousPeriod).toMatchObject({
      firstDay: utcDate(daysAgo(56)),
      lastDay: utcDate(daysAgo(46)),
    });
    expect(body.comparison.previous.pageViews).toBe(0);
    // The current period compared with the 40 days before it.
    const today = utcDate(new Date(now));
    const recent = await dashboard(`?from=${utcDate(daysAgo(39))}&to=${today}`);
    expect(recent.body.comparison.previous).toMatchObject({ pageViews: 1, featureEngagement: 1 });
    // A range ending today stops at now, and so does the previous one (the same time of day).
    expect(Date.parse(recent.body.period.to)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(recent.body.period.to)).toBeGreaterThan(now - 60_000);
  });

  it.each([
    ['from without to', `?from=2025-01-01`],
    ['to without from', `?to=2025-01-01`],
    ['days with a range', `?days=7&from=2025-01-01&to=2025-01-02`],
    ['from after to', `?from=2025-02-01&to=2025-01-01`],
    ['a range over 365 days', `?from=2024-01-01&to=2025-01-01`],
    ['a date that does not exist', `?from=2025-02-30&to=2025-03-01`],
    ['a date with a time', `?from=2025-01-01T00:00:00Z&to=2025-01-02`],
    ['a date before 2000', `?from=1999-12-31&to=2000-01-02`],
    ['a period that starts after today', `?from=2999-01-01&to=2999-01-02`],
    ['a period that ends after today', `?from=${utcDate(daysAgo(3))}&to=${utcDate(daysAgo(-1))}`],
    ['text', `?from=yesterday&to=today`],
  ])('answers 400 to %s', async (_label, query) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/analytics/dashboard${query}`,
      headers: { cookie: admin.headers.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'validation_error' });
  });

  // Last: moves the feedback out of the default period.
  it('counts only the feedback given within the period, with no score when there is none', async () => {
    await sql`update beta_feedback_responses set created_at = now() - interval '100 days'`.execute(
      ctx.database.db,
    );
    const recent = await dashboard();
    expect(recent.body.feedback.responses).toBe(0);
    expect(recent.body.feedback.recommendationScore).toBeNull();
    expect(recent.body.feedback.distributions.recommendationLikelihood?.likely).toBe(0);
    const year = await dashboard('?days=365');
    expect(year.body.pageViewsPerDay).toHaveLength(365);
    expect(year.body.feedback.responses).toBe(4);
  });
});
