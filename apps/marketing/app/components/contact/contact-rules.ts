// Types only: zod stays out of the page's download (it loads with the form).
import type { CONTACT_STEPS } from '@repo/validation';
import type { FormFailure } from '~/utils/form-failure.server';

export type ContactField = (typeof CONTACT_STEPS)[number];
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', subject: '', message: '' };

/** Where the form posts, with and without JavaScript: the contact page's action. */
export const CONTACT_ACTION = '/contact';

/** What the contact page's action answers (contact-action.server.ts). */
export type ContactActionData =
  | { outcome: 'sent' }
  | {
      outcome: 'invalid';
      values: ContactValues;
      errors: Partial<Record<ContactField, string>>;
    }
  | {
      outcome: 'failed';
      values: ContactValues;
      failure: FormFailure;
    };
