import type { CONTACT_STEPS } from '@repo/validation';

export type ContactField = (typeof CONTACT_STEPS)[number];
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', subject: '', message: '' };

/** POST /api/contact with status 'new'; true when the answer is OK (spec section 7 checks the ok flag). */
export async function sendContactMessage(values: ContactValues, website = ''): Promise<boolean> {
  try {
    const response = await fetch('/api/contact', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
        status: 'new',
        // The honeypot: empty from a person.
        website,
      }),
    });
    return response.ok;
  } catch {
    return false;
  }
}
