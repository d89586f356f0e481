import {
  WAITLIST_OPTIONAL_STEPS,
  WAITLIST_STEPS,
  waitlistSignupSchema,
  type WaitlistSignupInput,
} from '@repo/validation';

export type WaitlistField = (typeof WAITLIST_STEPS)[number];
export type WaitlistValues = Record<WaitlistField, string>;

export const EMPTY_WAITLIST: WaitlistValues = {
  email: '',
  firstName: '',
  lastName: '',
  company: '',
  userType: '',
  contentWorkflow: '',
  primaryUse: '',
};

export const TOTAL_STEPS = WAITLIST_STEPS.length;

function isOptionalStep(field: WaitlistField): boolean {
  return WAITLIST_OPTIONAL_STEPS.includes(field);
}

/** The field's message from the shared schema, or undefined when it is valid. */
export function waitlistFieldError(field: WaitlistField, value: string): string | undefined {
  const result = waitlistSignupSchema.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * The advance button is enabled when the current field is valid, always on the
 * two optional steps (they may be skipped without validation), never while
 * submitting.
 */
export function canAdvance(field: WaitlistField, value: string, submitting: boolean): boolean {
  if (submitting) return false;
  if (isOptionalStep(field)) return true;
  return value.trim() !== '' && waitlistFieldError(field, value) === undefined;
}

export function toSignupPayload(values: WaitlistValues): WaitlistSignupInput {
  return {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    company: values.company.trim(),
    primaryUse: values.primaryUse as WaitlistSignupInput['primaryUse'],
    ...(values.contentWorkflow.trim() ? { contentWorkflow: values.contentWorkflow.trim() } : {}),
    ...(values.userType ? { userType: values.userType as WaitlistSignupInput['userType'] } : {}),
  };
}
