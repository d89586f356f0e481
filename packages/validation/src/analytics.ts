import { z } from 'zod';
import {
  ANALYTICS_COMMON_DATA_KEYS,
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_MAX_EVENTS_PER_REQUEST,
  type AnalyticsEventType,
  formSubmitSummary,
  WAITLIST_TOTAL_STEPS,
} from './constants';

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
