/**
 * What the site's analytics tracker sends and how it batches (spec sections 3
 * and 9). No zod here: the tracker runs on every page of the site, and a page
 * without a form does not download zod (issue 13). The schemas the API checks
 * events with are in analytics.ts.
 */

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

/** The performance mark set when the tracker has started and counted the page's view (traces, tests). */
export const ANALYTICS_STARTED_MARK = 'wordloom:analytics-started';
/** The server accepts a few batches' worth at once (a beacon may carry a re-queued backlog). */
export const ANALYTICS_MAX_EVENTS_PER_REQUEST = 50;
export const SCROLL_DEPTH_THRESHOLDS = [25, 50, 75, 100] as const;
export const HOME_EXTRA_SCROLL_DEPTH = 90;
export const FEATURE_VISIBLE_RATIO = 0.5;
export const WAITLIST_TOTAL_STEPS = 7;

/** The data every event keeps (spec section 3). */
export const ANALYTICS_COMMON_DATA_KEYS = ['sessionId', 'referrer', 'userAgent'] as const;
const FORM_SUBMIT_KEYS = new Set<string>([
  ...ANALYTICS_COMMON_DATA_KEYS,
  'formId',
  'step',
  'fields',
]);
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
