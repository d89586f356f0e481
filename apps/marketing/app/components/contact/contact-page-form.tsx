import { Button, FormMessage, Input, Label, Textarea } from '@repo/ui';
import { ErrorSummary } from '~/components/forms/error-summary';
import { HoneypotField } from '~/components/honeypot-field';
import { TOASTS } from '~/utils/messages';
import { BETA_EMAIL } from '~/utils/site';
import { CONTACT_FIELD_COPY, CONTACT_FIELDS, contactInputKind } from './contact-field-copy';
import { CONTACT_ACTION, type ContactActionData, EMPTY_CONTACT } from './contact-rules';

type Unsent = Exclude<ContactActionData, { outcome: 'sent' }>;

/** The page form's element id of a field (the overlay's are `contact-<field>`). */
const contactPageFieldId = (field: string) => `contact-page-${field}`;

const RATE_LIMITED_NOTE = 'You have sent several forms in a short time: please wait a minute.';

/**
 * The contact form as one page of labelled fields, for a browser without JavaScript
 * (or before it has run): a plain form posting to the page's action, which answers
 * with this form again, the values kept, an error summary on top and each message
 * beside its field (issue 22, the GOV.UK pattern), or with the Thank You card.
 */
export function ContactPageForm({ result }: { result?: Unsent }) {
  const values = result?.values ?? EMPTY_CONTACT;
  const errors = result?.outcome === 'invalid' ? result.errors : {};
  const problems = CONTACT_FIELDS.flatMap((field) => {
    const message = errors[field];
    return message ? [{ fieldId: contactPageFieldId(field), message }] : [];
  });
  return (
    <form
      method="post"
      // Back to this card, where the answer shows.
      action={`${CONTACT_ACTION}#message`}
      aria-label="Contact us"
      noValidate
      className="relative space-y-5"
    >
      <ErrorSummary problems={problems} />
      {result?.outcome === 'failed' ? (
        <div role="alert" className="rounded-lg border-2 border-destructive p-4 text-sm">
          <p className="font-semibold">{TOASTS.contactFailed.title}</p>
          <p className="mt-1">
            {TOASTS.contactFailed.description}{' '}
            {result.failure === 'rate-limited' ? RATE_LIMITED_NOTE : null}
          </p>
          <p className="mt-1">
            <a href={`mailto:${BETA_EMAIL}`} className="font-medium underline underline-offset-2">
              {BETA_EMAIL}
            </a>
          </p>
        </div>
      ) : null}
      <HoneypotField idPrefix="contact-page" inputRef={null} />
      {CONTACT_FIELDS.map((field) => {
        const id = contactPageFieldId(field);
        const error = errors[field];
        const kind = contactInputKind(field);
        const common = {
          id,
          name: field,
          defaultValue: values[field],
          placeholder: CONTACT_FIELD_COPY[field].placeholder,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        };
        return (
          <div key={field} className="space-y-2">
            <Label htmlFor={id} className="font-medium">
              {CONTACT_FIELD_COPY[field].label}
            </Label>
            {kind.multiline ? (
              <Textarea rows={5} {...common} />
            ) : (
              <Input type={kind.type} autoComplete={kind.autoComplete} {...common} />
            )}
            <FormMessage id={`${id}-error`}>{error}</FormMessage>
          </div>
        );
      })}
      <Button type="submit" size="lg">
        Send Message
      </Button>
    </form>
  );
}
