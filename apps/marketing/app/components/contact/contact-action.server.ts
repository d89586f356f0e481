import { type ActionFunctionArgs, data } from '@remix-run/node';
import { CONTACT_STEPS, contactMessageSchema, HONEYPOT_FIELD } from '@repo/validation';
import {
  FORM_ANSWER_HEADERS,
  FORM_FAILURE_STATUS,
  type FormFailure,
  formFailureOf,
} from '~/utils/form-failure.server';
import { readFormBody, textField } from '~/utils/read-form-body.server';
import { siteApiFor } from '~/utils/site-api.server';
import type { ContactActionData, ContactField, ContactValues } from './contact-rules';

const publicContactSchema = contactMessageSchema.pick({
  name: true,
  email: true,
  subject: true,
  message: true,
});

export interface ParsedContactForm {
  /** As typed, to fill the form again. */
  values: ContactValues;
  /** The honeypot: empty from a person. */
  website: string;
  /** Each invalid field's message (spec section 5), empty when the message may go. */
  errors: Partial<Record<ContactField, string>>;
  /** The fields trimmed, once valid. */
  message?: ContactValues;
}

/**
 * The contact form's fields, checked by the shared schema. Only the four fields and
 * the honeypot are read: the status is always 'new' and nothing else a posted form
 * holds reaches the API.
 */
export function parseContactForm(form: FormData | undefined): ParsedContactForm {
  const values = Object.fromEntries(
    CONTACT_STEPS.map((field) => [field, textField(form, field)]),
  ) as ContactValues;
  const website = textField(form, HONEYPOT_FIELD);
  const result = publicContactSchema.safeParse(values);
  if (result.success) return { values, website, errors: {}, message: result.data };
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { values, website, errors };
}

function answer(body: ContactActionData, status: number, headers: HeadersInit = {}) {
  return data(body, { status, headers: { ...FORM_ANSWER_HEADERS, ...headers } });
}

function failed(values: ContactValues, failure: FormFailure) {
  return answer({ outcome: 'failed', values, failure }, FORM_FAILURE_STATUS[failure]);
}

/**
 * POST /contact (issue 22): the contact form with or without JavaScript. The overlay
 * submits here through a fetcher; without JavaScript the page's own form posts here.
 * Checked by the shared schema, then sent to the API as the visitor (their address,
 * so its rate limit and honeypot hold as through the /api proxy).
 */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  const body = await readFormBody(request);
  if (body.kind === 'too-large') {
    // The client may still be sending: close the connection rather than read the rest.
    return answer(
      { outcome: 'failed', values: parseContactForm(undefined).values, failure: 'too-large' },
      FORM_FAILURE_STATUS['too-large'],
      { connection: 'close' },
    );
  }
  const parsed = parseContactForm(body.kind === 'form' ? body.form : undefined);
  if (!parsed.message) {
    return answer({ outcome: 'invalid', values: parsed.values, errors: parsed.errors }, 400);
  }
  try {
    await siteApiFor(request, context).contact.send({
      ...parsed.message,
      status: 'new',
      website: parsed.website,
    });
  } catch (error) {
    return failed(parsed.values, formFailureOf(error));
  }
  return answer({ outcome: 'sent' }, 200);
}
