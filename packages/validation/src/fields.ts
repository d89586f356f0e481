import { z } from './zod-config';
import { HONEYPOT_FIELD } from './honeypot';

/** Text minimums and limits of spec section 9, written once. */
export const LIMITS = {
  nameMin: 2,
  companyMin: 2,
  subjectMin: 5,
  messageMin: 10,
  initialImpressionsMin: 10,
  usernameMin: 2,
  passwordMin: 4,
  // Upper bounds are not in the spec; they keep one request from storing megabytes.
  emailMax: 254,
  shortTextMax: 100,
  companyMax: 200,
  subjectMax: 200,
  longTextMax: 5000,
  passwordMax: 200,
  searchMax: 200,
} as const;

/** The message of every e-mail address field (spec sections 4 and 5), written once. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** 'Name must be at least 2 characters': a minimum's message, built from the limit. */
export function minLengthMessage(field: string, min: number): string {
  return `${field} must be at least ${min} characters`;
}

/** 'Must be at most 100 characters', or 'Name must be at most 100 characters' with a field. */
export function maxLengthMessage(max: number, field?: string): string {
  return field ? `${field} must be at most ${max} characters` : `Must be at most ${max} characters`;
}

/** A trimmed string of at least `min` characters; every failure reads `message`. */
export function requiredText(min: number, message: string, max: number = LIMITS.shortTextMax) {
  return z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: maxLengthMessage(max) });
}

/** An e-mail address, trimmed; every failure reads `message`. */
export function emailAddress(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(LIMITS.emailMax, { error: message })
    .pipe(z.email({ error: message }));
}

/** Optional free text: '' and whitespace count as absent. */
export function optionalText(max: number = LIMITS.longTextMax) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(max, { error: maxLengthMessage(max) })
      .optional(),
  );
}

/** An optional choice: '' counts as absent. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(options: T) {
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(options).optional(),
  );
}

/** The honeypot field of the public forms (HONEYPOT_FIELD, see honeypot.ts). */
export const honeypotShape = {
  [HONEYPOT_FIELD]: z.string().max(LIMITS.longTextMax).optional(),
};
