import type { ContactField } from './contact-rules';

/**
 * Each contact field's question and example, in the order of the steps (CONTACT_STEPS):
 * the overlay asks one per step, the page's own form (without JavaScript) all at once.
 * Apart from the schema so that the page's form carries no zod.
 */
export const CONTACT_FIELD_COPY: Record<ContactField, { label: string; placeholder: string }> = {
  name: { label: 'What is your name?', placeholder: 'Ada Lovelace' },
  email: { label: 'What is your email address?', placeholder: 'you@company.com' },
  subject: { label: 'What is it about?', placeholder: 'Question about the beta' },
  message: { label: 'Your message', placeholder: 'Tell us how we can help…' },
};

/** The fields in step order. */
export const CONTACT_FIELDS = Object.keys(CONTACT_FIELD_COPY) as ContactField[];

/** How a field's control is built, in the overlay and in the page's form alike. */
export function contactInputKind(field: ContactField) {
  return {
    multiline: field === 'message',
    type: field === 'email' ? 'email' : 'text',
    autoComplete: field === 'name' ? 'name' : field === 'email' ? 'email' : 'off',
  } as const;
}
