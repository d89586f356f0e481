import { z } from 'zod';
import { HONEYPOT_FIELD } from './constants';

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
} as const;

/** A trimmed string of at least `min` characters; every failure reads `message`. */
export function requiredText(min: number, message: string, max: number = LIMITS.shortTextMax) {
  return z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
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
      .max(max, { error: `Must be at most ${max} characters` })
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

/** The honeypot field of the public forms (HONEYPOT_FIELD, see constants.ts). */
export const honeypotShape = {
  [HONEYPOT_FIELD]: z.string().max(LIMITS.longTextMax).optional(),
};

export function isHoneypotFilled(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}
