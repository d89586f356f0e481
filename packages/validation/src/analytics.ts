import { z } from 'zod';

// Spec section 3 (analytics event) and section 9 (batching).
export const ANALYTICS_EVENT_TYPES = [
  'page_view',
  'button_click',
  'form_submit',
  'link_click',
  'scroll_depth',
  'feature_engagement',
  'waitlist_signup',
  'contact_form_submit',
  'waitlist_form',
  'waitlist_step_completed',
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

export const ANALYTICS_BATCH_SIZE = 10;
export const ANALYTICS_FLUSH_DELAY_MS = 500;
/** The server accepts a few batches' worth at once (a beacon may carry a re-queued backlog). */
export const ANALYTICS_MAX_EVENTS_PER_REQUEST = 50;
export const SCROLL_DEPTH_THRESHOLDS = [25, 50, 75, 100] as const;
export const HOME_EXTRA_SCROLL_DEPTH = 90;
export const FEATURE_VISIBLE_RATIO = 0.5;
export const WAITLIST_TOTAL_STEPS = 7;

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

/** The data every event keeps (spec section 3). */
const COMMON_DATA_KEYS = ['sessionId', 'referrer', 'userAgent'] as const;
const FORM_SUBMIT_KEYS = new Set<string>([...COMMON_DATA_KEYS, 'formId', 'step', 'fields']);
/** A field name, not a value: no '@', no spaces. */
const FIELD_NAME = /^[A-Za-z_][\w.:[\]-]{0,63}$/;
/** A form's id, name or aria-label: no '@'. */
const FORM_NAME = /^[\w .:[\]-]{1,100}$/;
const MAX_FORM_FIELDS = 50;

export interface FormSubmitSummary {
  formId: string;
  step?: string | number;
  /** Each field's name and whether it was filled; never what was typed. */
  fields: Record<string, boolean>;
}

function isFilled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return value !== undefined && value !== null && value !== false;
}

/**
 * What a form_submit event may keep (issue 8): which form, which step and which
 * fields were filled, never a value a visitor typed. Anything else in `data` is
 * dropped; an older tracker that sent the values beside formId gets them turned
 * into filled flags.
 */
export function formSubmitSummary(data: Record<string, unknown>): FormSubmitSummary {
  const fields: Record<string, boolean> = {};
  const add = (name: string, filled: boolean) => {
    if (FIELD_NAME.test(name) && Object.keys(fields).length < MAX_FORM_FIELDS) {
      fields[name] = filled;
    }
  };
  const given = data.fields;
  if (given && typeof given === 'object' && !Array.isArray(given)) {
    for (const [name, filled] of Object.entries(given)) add(name, filled === true);
  }
  for (const [name, value] of Object.entries(data)) {
    if (!FORM_SUBMIT_KEYS.has(name)) add(name, isFilled(value));
  }
  const formId =
    typeof data.formId === 'string' && FORM_NAME.test(data.formId) ? data.formId : 'form';
  const step = data.step;
  const safeStep =
    typeof step === 'number' || (typeof step === 'string' && FIELD_NAME.test(step))
      ? step
      : undefined;
  return { formId, ...(safeStep !== undefined ? { step: safeStep } : {}), fields };
}

/** The data stored for an event: form_submit keeps only its summary and the common fields. */
export function storedEventData(event: AnalyticsEvent): Record<string, unknown> {
  if (event.type !== 'form_submit') return event.data;
  const common: Record<string, unknown> = {};
  for (const key of COMMON_DATA_KEYS) {
    if (event.data[key] !== undefined) common[key] = event.data[key];
  }
  return { ...formSubmitSummary(event.data), ...common };
}
