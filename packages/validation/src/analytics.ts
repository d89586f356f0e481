import { z } from './zod-config';
import {
  ANALYTICS_COMMON_DATA_KEYS,
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_MAX_EVENTS_PER_REQUEST,
  type AnalyticsEventType,
  formSubmitSummary,
  WAITLIST_TOTAL_STEPS,
} from './analytics-tracker';
import { blankAsAbsent, type QueryParams } from './paging';

/*
 * Analytics (spec sections 3 and 9, issue 12): the events the site's tracker
 * sends (its own rules are in analytics-tracker.ts), and the dashboard that reads
 * them. Keeping staff out of the figures is in analytics-opt-out.ts.
 */

const MAX_DATA_BYTES = 4096;
const MAX_DATA_DEPTH = 16;
const text = (max: number) => z.string().max(max);

// PostgreSQL stores no NUL in text and no unpaired surrogate in jsonb: an event
// carrying one is refused on its own rather than failing the whole batch's INSERT.
const UNSTORABLE_TEXT =
  // eslint-disable-next-line no-control-regex -- NUL is the character looked for
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why PostgreSQL could not store `value` (a JSON value) as it is, if it could not.
 * Walked without recursion: a client may nest as deep as the body limit allows.
 */
function unstorableReason(value: unknown): string | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE_TEXT.test(current)) return 'Text must not contain NUL or unpaired surrogates';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_DATA_DEPTH) return `data must nest at most ${MAX_DATA_DEPTH} levels deep`;
    for (const [key, child] of Object.entries(current)) {
      if (UNSTORABLE_TEXT.test(key)) return 'Text must not contain NUL or unpaired surrogates';
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}

// The years and offsets PostgreSQL's timestamptz takes (year 0 and +23:59 pass the ISO format).
const EARLIEST_YEAR = 1970;
const LATEST_YEAR = 9999;
const EARLIEST_TIMESTAMP = Date.UTC(EARLIEST_YEAR, 0, 1);
const LATEST_TIMESTAMP = Date.UTC(LATEST_YEAR, 11, 31);
const OFFSET = /([+-])(\d{2}):?(\d{2})$/;

function isStorableTimestamp(value: string): boolean {
  const time = Date.parse(value);
  const offset = OFFSET.exec(value);
  const offsetHours = offset ? Number(offset[2]) + Number(offset[3]) / 60 : 0;
  return time >= EARLIEST_TIMESTAMP && time <= LATEST_TIMESTAMP && offsetHours <= 14;
}

const baseData = z.looseObject({
  sessionId: text(100).min(1, { error: 'sessionId is required' }),
  referrer: text(2048).optional(),
  userAgent: text(1024).optional(),
});

/** Fields each event type must carry in `data`, beyond the common ones. */
const dataByType: Partial<Record<AnalyticsEventType, z.ZodType>> = {
  button_click: z.looseObject({ buttonId: text(200).optional(), buttonText: text(500).optional() }),
  form_submit: z.looseObject({
    formId: text(200),
    step: z.union([z.number().int().min(0).max(100), text(100)]).optional(),
    fields: z.record(text(64), z.boolean()).optional(),
  }),
  link_click: z.looseObject({
    href: text(2048),
    linkText: text(500).optional(),
    isExternal: z.boolean(),
  }),
  scroll_depth: z.looseObject({ depth: z.number().int().min(0).max(100) }),
  feature_engagement: z.looseObject({ featureId: text(200), action: text(100) }),
  waitlist_step_completed: z.looseObject({
    step_name: text(100),
    step_number: z.number().int().min(1).max(WAITLIST_TOTAL_STEPS),
    total_steps: z.number().int().min(1).max(WAITLIST_TOTAL_STEPS),
  }),
};

const FORBIDDEN_FORM_FIELDS = ['password', 'confirmPassword'];

export const analyticsEventSchema = z
  .object({
    type: z.enum(ANALYTICS_EVENT_TYPES, { error: 'Unknown event type' }),
    path: text(2048).startsWith('/', { error: 'path must start with /' }),
    timestamp: z.iso
      .datetime({ offset: true, error: 'timestamp must be an ISO 8601 date-time' })
      .refine(isStorableTimestamp, {
        error: `timestamp must be between ${EARLIEST_YEAR} and ${LATEST_YEAR}`,
      }),
    data: baseData,
  })
  .superRefine((event, ctx) => {
    const specific = dataByType[event.type];
    if (specific) {
      const result = specific.safeParse(event.data);
      if (!result.success) {
        for (const issue of result.error.issues) {
          ctx.addIssue({ code: 'custom', path: ['data', ...issue.path], message: issue.message });
        }
      }
    }
    const unstorablePath = unstorableReason(event.path);
    if (unstorablePath) ctx.addIssue({ code: 'custom', path: ['path'], message: unstorablePath });
    const unstorable = unstorableReason(event.data);
    if (unstorable) {
      ctx.addIssue({ code: 'custom', path: ['data'], message: unstorable });
    } else if (JSON.stringify(event.data).length > MAX_DATA_BYTES) {
      ctx.addIssue({
        code: 'custom',
        path: ['data'],
        message: `data must be at most ${MAX_DATA_BYTES} bytes`,
      });
    }
    for (const field of FORBIDDEN_FORM_FIELDS) {
      if (field in event.data) {
        ctx.addIssue({
          code: 'custom',
          path: ['data', field],
          message: 'Passwords are never sent',
        });
      }
    }
  });

export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/**
 * A batch as the API takes it: 1 to 50 events, each checked on its own by
 * `sortAnalyticsEvents` (issue 11: the valid events of a batch are stored, the
 * others named by their index).
 */
export const analyticsBatchSchema = z.object({
  events: z
    .array(
      z.unknown().meta({
        description:
          'An analytics event: { type, path, timestamp, data } (data holds sessionId, referrer, userAgent and the fields of its type)',
      }),
    )
    .min(1, { error: 'A batch needs at least one event' })
    .max(ANALYTICS_MAX_EVENTS_PER_REQUEST, {
      error: `A batch holds at most ${ANALYTICS_MAX_EVENTS_PER_REQUEST} events`,
    }),
});

/** A batch's events split into those to store and those refused (by index, with the first problem). */
export function sortAnalyticsEvents(events: readonly unknown[]): {
  valid: AnalyticsEvent[];
  rejected: { index: number; message: string }[];
  /** Every problem, with its path in the batch (`events.2.data.depth`). */
  issues: { path: string; message: string }[];
} {
  const valid: AnalyticsEvent[] = [];
  const rejected: { index: number; message: string }[] = [];
  const issues: { path: string; message: string }[] = [];
  events.forEach((event, index) => {
    const result = analyticsEventSchema.safeParse(event);
    if (result.success) {
      valid.push(result.data);
      return;
    }
    for (const issue of result.error.issues) {
      issues.push({
        path: ['events', index, ...issue.path].map(String).join('.'),
        message: issue.message,
      });
    }
    const first = result.error.issues[0];
    const where = first?.path.map(String).join('.');
    const message = first?.message ?? 'Invalid event';
    rejected.push({ index, message: where ? `${where}: ${message}` : message });
  });
  return { valid, rejected, issues };
}

/** The data stored for an event: form_submit keeps only its summary and the common fields. */
export function storedEventData(event: AnalyticsEvent): Record<string, unknown> {
  if (event.type !== 'form_submit') return event.data;
  const common: Record<string, unknown> = {};
  for (const key of ANALYTICS_COMMON_DATA_KEYS) {
    if (event.data[key] !== undefined) common[key] = event.data[key];
  }
  return { ...formSubmitSummary(event.data), ...common };
}

/**
 * POST /api/analytics/events (202): the valid events of the batch were stored;
 * the others are named by their index, with why (issue 11). Sending a refused
 * event again would be refused again.
 */
export const analyticsAcceptedSchema = z.object({
  accepted: z.number().int().meta({ description: 'Events stored' }),
  rejected: z
    .array(z.object({ index: z.number().int(), message: z.string() }))
    .meta({ description: 'Events refused: their index in the batch and the first problem' }),
});
export type AnalyticsBatchAnswer = z.output<typeof analyticsAcceptedSchema>;

// The dashboard (issue 12).
export const DASHBOARD_DAYS_DEFAULT = 30;
export const DASHBOARD_DAYS_MAX = 365;
/** The Analytics tab's period choices (issue 12), besides a custom range. */
export const DASHBOARD_PERIOD_PRESETS = [7, 30, 90] as const;
/** Custom ranges stay within these calendar days (UTC). */
const FIRST_ALLOWED_DAY = '2000-01-01';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysError = `days must be between 1 and ${DASHBOARD_DAYS_MAX}`;
const calendarDay = (name: 'from' | 'to') =>
  z.preprocess(
    blankAsAbsent,
    z.iso
      .date({ error: `${name} must be a date like 2025-06-01` })
      .refine((day) => day >= FIRST_ALLOWED_DAY, {
        error: `${name} must not be before ${FIRST_ALLOWED_DAY}`,
      })
      .optional(),
  );

/** Whole calendar days from `from` to `to`, both counted ('2025-06-01'..'2025-06-01' is 1). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Today's calendar day in UTC, the dashboard's clock ('2025-06-01'). */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The dashboard's period: the last `days` days (UTC) ending today, or the custom
 * range `from`..`to` (calendar days, UTC, both included). Either, never both;
 * nothing at all means the last 30 days. The previous period of the same length
 * is compared with it.
 */
export const dashboardQuerySchema = z
  .object({
    days: z.preprocess(
      blankAsAbsent,
      z.coerce
        .number({ error: daysError })
        .int({ error: daysError })
        .min(1, { error: daysError })
        .max(DASHBOARD_DAYS_MAX, { error: daysError })
        .optional(),
    ),
    from: calendarDay('from'),
    to: calendarDay('to'),
  })
  .superRefine((query, ctx) => {
    if (query.days !== undefined && (query.from !== undefined || query.to !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['days'],
        message: 'Give either days or from and to, not both',
      });
      return;
    }
    if (query.from === undefined && query.to !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'from is required with to' });
    }
    if (query.to === undefined && query.from !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is required with from' });
    }
    if (query.from === undefined || query.to === undefined) return;
    if (query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
    } else if (daysInRange(query.from, query.to) > DASHBOARD_DAYS_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A period spans at most ${DASHBOARD_DAYS_MAX} days`,
      });
    }
    // A period yet to come has nothing to show, and would not be as long as it says.
    if (query.to > utcToday()) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be after today (UTC)' });
    }
  })
  .transform((query): DashboardPeriod =>
    query.from !== undefined && query.to !== undefined
      ? { kind: 'range', from: query.from, to: query.to }
      : { kind: 'days', days: query.days ?? DASHBOARD_DAYS_DEFAULT },
  );

export type DashboardPeriod =
  { kind: 'days'; days: number } | { kind: 'range'; from: string; to: string };
export type DashboardQuery = QueryParams<typeof dashboardQuerySchema>;

const periodRangeSchema = z.object({
  from: z.string().meta({ format: 'date-time' }),
  to: z.string().meta({ format: 'date-time' }),
  days: z.number().int(),
  firstDay: z.string().meta({ format: 'date' }),
  lastDay: z.string().meta({ format: 'date' }),
});

const figuresSchema = z.object({
  pageViews: z.number(),
  visitors: z.number(),
  waitlistSignups: z.number(),
  contactSubmissions: z.number(),
  featureEngagement: z.number(),
  feedbackResponses: z.number(),
});

/** field -> answer -> count */
export const answerDistributionsSchema = z.record(z.string(), z.record(z.string(), z.number()));

/** GET /api/analytics/dashboard?days= | ?from=&to= */
export const analyticsDashboardSchema = z.object({
  waitlistSignups: z.number(),
  /** Issue 11: of the signups, those whose address is confirmed. */
  confirmedWaitlistSignups: z.number(),
  contactSubmissions: z.number(),
  featureEngagement: z.number(),
  period: periodRangeSchema,
  pageViewsPerDay: z.array(z.object({ date: z.string(), views: z.number() })),
  topPages: z.array(z.object({ path: z.string(), views: z.number() })),
  topReferrers: z.array(z.object({ referrer: z.string(), visits: z.number() })),
  waitlistFunnel: z.array(
    z.object({ stepNumber: z.number(), stepName: z.string(), sessions: z.number() }),
  ),
  feedback: z.object({
    responses: z.number(),
    distributions: answerDistributionsSchema,
    recommendationScore: z.number().nullable(),
  }),
  comparison: z.object({
    previousPeriod: periodRangeSchema,
    current: figuresSchema,
    previous: figuresSchema,
  }),
});
/** GET /api/analytics/dashboard?days= | ?from=&to= */
export type AnalyticsDashboard = z.output<typeof analyticsDashboardSchema>;
/** A dashboard period: calendar days (UTC) `firstDay`..`lastDay`, from `from` until `to` (exclusive). */
export type DashboardPeriodRange = AnalyticsDashboard['period'];
/** The headline figures of one period, compared with the previous period. */
export type DashboardFigures = AnalyticsDashboard['comparison']['current'];

/** GET /api/admin/analytics-opt-out: the site page that marks a browser as staff. */
export const analyticsOptOutPageSchema = z.object({ url: z.string(), origin: z.string() });
/** GET /api/admin/analytics-opt-out: the site page that marks a browser as staff. */
export type AnalyticsOptOutPage = z.output<typeof analyticsOptOutPageSchema>;
