import type { CONTACT_STEPS } from '@repo/validation';
import { siteApi } from '~/utils/browser-api';

export type ContactField = (typeof CONTACT_STEPS)[number];
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', subject: '', message: '' };

/** POST /api/contact with status 'new'; true when the answer is OK (spec section 7 checks the ok flag). */
export async function sendContactMessage(values: ContactValues, website = ''): Promise<boolean> {
  try {
    await siteApi.contact.send({
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
      status: 'new',
      // The honeypot: empty from a person.
      website,
    });
    return true;
  } catch {
    // A non-OK answer (an ApiError) or no answer at all.
    return false;
  }
}
