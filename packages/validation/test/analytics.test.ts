import { describe, expect, it } from 'vitest';
import {
  analyticsBatchSchema,
  analyticsEventSchema,
  dashboardQuerySchema,
  daysInRange,
  sortAnalyticsEvents,
} from '../src';

describe('analytics batch', () => {
  const event = {
    type: 'page_view',
    path: '/',
    timestamp: '2026-11-21T10:00:00.000Z',
    data: { sessionId: 's' },
  };

  it('accepts a valid batch and rejects the 51st event', () => {
    expect(analyticsBatchSchema.safeParse({ events: [event] }).success).toBe(true);
    expect(analyticsBatchSchema.safeParse({ events: Array(51).fill(event) }).success).toBe(false);
  });

  it('requires the fields of each event type', () => {
    const bad = { ...event, type: 'link_click', data: { sessionId: 's', href: '/x' } };
    const result = analyticsEventSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['data', 'isExternal']);
  });

  it('sorts a batch into the events to store and those refused, by index', () => {
    const bad = { ...event, type: 'link_click', data: { sessionId: 's', href: '/x' } };
    const sorted = sortAnalyticsEvents([event, bad, 'not an event', event]);
    expect(sorted.valid).toHaveLength(2);
    expect(sorted.rejected).toEqual([
      { index: 1, message: expect.stringMatching(/^data\.isExternal: /) },
      { index: 2, message: expect.any(String) },
    ]);
    expect(sorted.issues[0]?.path).toBe('events.1.data.isExternal');
  });

  it('refuses text PostgreSQL cannot store and timestamps it cannot hold', () => {
    const withData = (data: Record<string, unknown>) => ({
      ...event,
      data: { sessionId: 's', ...data },
    });
    for (const bad of [
      withData({ note: 'a\u0000b' }),
      withData({ ['a\u0000']: 1 }),
      withData({ note: '\udc00 alone' }),
      withData({ note: 'high \ud83d alone' }),
      { ...event, path: '/\u0000' },
      { ...event, timestamp: '0000-01-01T00:00:00Z' },
      { ...event, timestamp: '2026-11-21T10:00:00+15:00' },
    ]) {
      expect(analyticsEventSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(analyticsEventSchema.safeParse(withData({ note: 'a 😀 pair' })).success).toBe(true);
    expect(
      analyticsEventSchema.safeParse({ ...event, timestamp: '2026-11-21T10:00:00-12:00' }).success,
    ).toBe(true);
  });
});

describe('dashboard period (issue 12)', () => {
  it('is the last 30 days by default, a number of days, or a range of calendar days', () => {
    expect(dashboardQuerySchema.parse({})).toEqual({ kind: 'days', days: 30 });
    expect(dashboardQuerySchema.parse({ days: '7' })).toEqual({ kind: 'days', days: 7 });
    expect(dashboardQuerySchema.parse({ from: '2025-01-01', to: '2025-01-31' })).toEqual({
      kind: 'range',
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(daysInRange('2025-01-01', '2025-01-31')).toBe(31);
    expect(daysInRange('2024-02-28', '2024-03-01')).toBe(3);
    expect(dashboardQuerySchema.safeParse({ from: '2025-01-02', to: '2025-01-01' }).success).toBe(
      false,
    );
    expect(dashboardQuerySchema.safeParse({ from: '2025-01-01' }).success).toBe(false);
  });
});
