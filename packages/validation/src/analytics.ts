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
const text = (max: number) => z.string().max(max);

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
    timestamp: z.iso.datetime({ offset: true, error: 'timestamp must be an ISO 8601 date-time' }),
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
    if (JSON.stringify(event.data).length > MAX_DATA_BYTES) {
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

export const analyticsBatchSchema = z.object({
  events: z
    .array(analyticsEventSchema)
    .min(1, { error: 'A batch needs at least one event' })
    .max(ANALYTICS_MAX_EVENTS_PER_REQUEST, {
      error: `A batch holds at most ${ANALYTICS_MAX_EVENTS_PER_REQUEST} events`,
    }),
});

/** The data stored for an event: form_submit keeps only its summary and the common fields. */
export function storedEventData(event: AnalyticsEvent): Record<string, unknown> {
  if (event.type !== 'form_submit') return event.data;
  const common: Record<string, unknown> = {};
  for (const key of ANALYTICS_COMMON_DATA_KEYS) {
    if (event.data[key] !== undefined) common[key] = event.data[key];
  }
  return { ...formSubmitSummary(event.data), ...common };
}
