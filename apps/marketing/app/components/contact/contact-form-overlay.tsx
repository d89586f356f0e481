import {
  Button,
  FormMessage,
  FullScreenModal,
  FullScreenModalDescription,
  FullScreenModalTitle,
  Input,
  Label,
  Textarea,
} from '@repo/ui';
import { CONTACT_STEPS } from '@repo/validation';
import { X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { StepCount } from '~/components/forms/step-count';
import { StepProgress } from '~/components/forms/step-progress';
import { useStepForm } from '~/components/forms/use-step-form';
import { HoneypotField } from '~/components/honeypot-field';
import { CONTACT_FIELD_COPY as FIELD_COPY, contactInputKind } from './contact-field-copy';
import { contactFieldError } from './contact-field-error';
import type { ContactField, ContactValues } from './contact-rules';

const TOTAL = CONTACT_STEPS.length;

interface ContactFormOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  values: ContactValues;
  onValuesChange: (values: ContactValues) => void;
  sending: boolean;
  /** `website` is the honeypot's value: empty from a person. */
  onSend: (values: ContactValues, website: string) => void;
}

/**
 * The 4-step full-screen contact form (spec sections 2 and 4). Values live in
 * the page so they survive a failed send and a reopened form.
 */
export function ContactFormOverlay({
  open,
  onOpenChange,
  values,
  onValuesChange,
  sending,
  onSend,
}: ContactFormOverlayProps) {
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  // The field has focus whenever the form opens and after each step change.
  const steps = useStepForm<ContactField>({
    totalSteps: TOTAL,
    open,
    focus: { target: () => fieldRef.current },
  });
  const { isLast, touch, reset } = steps;
  const field = CONTACT_STEPS[steps.stepIndex] ?? 'name';
  const value = values[field];
  const error = steps.touched[field] ? contactFieldError(field, value) : undefined;
  const id = `contact-${field}`;

  // Each opening starts at the first step; the values stay (they live in the page).
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  function advance() {
    touch(field);
    if (sending || contactFieldError(field, value)) return;
    if (isLast) onSend(values, honeypotRef.current?.value ?? '');
    else steps.next();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
    // Enter advances from a text input; in a textarea it starts a new line (spec section 2).
    if (event.key !== 'Enter' || event.currentTarget instanceof HTMLTextAreaElement) return;
    event.preventDefault();
    if (!contactFieldError(field, value)) advance();
    else touch(field);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    advance();
  }

  const commonProps = {
    id,
    name: field,
    value,
    placeholder: FIELD_COPY[field].placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onKeyDown,
    onChange: (event: { target: { value: string } }) => {
      onValuesChange({ ...values, [field]: event.target.value });
      touch(field);
    },
  };

  return (
    <FullScreenModal open={open} onOpenChange={onOpenChange} hideClose>
      <div className="border-b">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <FullScreenModalTitle className="text-base font-semibold">
            Send Us a Message
          </FullScreenModalTitle>
          <Button variant="ghost" size="icon" onClick={() => onOpenChange(false)}>
            <X aria-hidden="true" />
            <span className="sr-only">Close contact form</span>
          </Button>
        </div>
        <StepProgress steps={steps} label="Contact form progress" className="h-1 rounded-none" />
      </div>
      <FullScreenModalDescription className="sr-only">
        Four short steps: your name, email, subject and message.
      </FullScreenModalDescription>
      <form
        id="contact-form"
        aria-label="Contact us"
        noValidate
        onSubmit={onSubmit}
        className="relative mx-auto flex w-full max-w-2xl flex-1 flex-col justify-center gap-6 px-4 py-12 sm:px-6"
      >
        <HoneypotField idPrefix="contact" inputRef={honeypotRef} />
        <StepCount steps={steps} className="text-sm text-muted-foreground" />
        <div className="space-y-3">
          <Label htmlFor={id} className="text-2xl font-semibold">
            {FIELD_COPY[field].label}
          </Label>
          {contactInputKind(field).multiline ? (
            <Textarea ref={fieldRef} rows={6} {...commonProps} className="text-base" />
          ) : (
            <Input
              ref={fieldRef}
              type={contactInputKind(field).type}
              autoComplete={contactInputKind(field).autoComplete}
              {...commonProps}
              className="h-12 text-base"
            />
          )}
          <FormMessage id={`${id}-error`}>{error}</FormMessage>
        </div>
        <div className="flex items-center justify-between gap-3">
          <Button
            type="button"
            variant="outline"
            disabled={steps.isFirst || sending}
            onClick={steps.back}
          >
            Back
          </Button>
          <Button type="submit" disabled={Boolean(error) || sending}>
            {isLast ? (sending ? 'Sending...' : 'Send Message') : 'Continue'}
          </Button>
        </div>
      </form>
    </FullScreenModal>
  );
}
