import { contactMessageSchema } from '@repo/validation';
import type { ContactField } from './contact-rules';

/**
 * The field's message from the shared schema, or undefined when it is valid.
 * Apart from contact-rules.ts so that zod loads with the form, not with the page.
 */
export function contactFieldError(field: ContactField, value: string): string | undefined {
  const result = contactMessageSchema.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
