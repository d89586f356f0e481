import { FormMessage, Input, Label, RadioGroup, RadioGroupItem, Textarea } from '@repo/ui';
import { USER_TYPE_OPTIONS } from '@repo/validation';
import type { KeyboardEvent, Ref } from 'react';
import { SITE_NAME } from '~/utils/site';
import { PrimaryUseSelect } from './primary-use-select';
import type { WaitlistField as Field } from './waitlist-rules';

/** Each question's words (spec section 4), shared by the wizard and the one-page form. */
export const STEP_COPY: Record<Field, { label: string; hint: string; placeholder?: string }> = {
  email: {
    label: 'What is your work email?',
    hint: 'We will send your beta invitation here.',
    placeholder: 'you@company.com',
  },
  firstName: {
    label: 'What is your first name?',
    hint: 'So we know who we are talking to.',
    placeholder: 'Ada',
  },
  lastName: {
    label: 'And your last name?',
    hint: 'As you would like it on your invitation.',
    placeholder: 'Lovelace',
  },
  company: {
    label: 'Which company do you work for?',
    hint: 'Freelancers can enter their own business name.',
    placeholder: 'Acme Inc.',
  },
  userType: { label: 'Which best describes you?', hint: 'Optional: helps us tailor onboarding.' },
  contentWorkflow: {
    label: 'How do you create content today?',
    hint: 'Optional: the tools, people and steps involved. Shift+Enter adds a new line.',
    placeholder: 'We brainstorm in Notion, draft in Google Docs and publish on WordPress…',
  },
  primaryUse: {
    label: `What will you mainly use ${SITE_NAME} for?`,
    hint: 'Pick the closest match.',
  },
};

interface WaitlistFieldProps {
  field: Field;
  idPrefix: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** A select or radio choice was made (the overlay auto-advances). */
  onChoose: (value: string) => void;
  onEnter: (event: KeyboardEvent) => void;
  inputRef: Ref<HTMLElement>;
}

/** One wizard step's control with its label, hint and message. */
export function WaitlistStepField({
  field,
  idPrefix,
  value,
  error,
  onChange,
  onChoose,
  onEnter,
  inputRef,
}: WaitlistFieldProps) {
  const copy = STEP_COPY[field];
  const id = `${idPrefix}-${field}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  const labelClass = 'text-xl font-semibold leading-snug sm:text-2xl';

  let control: React.ReactNode;
  if (field === 'userType') {
    control = (
      <RadioGroup
        ref={inputRef as Ref<HTMLDivElement>}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        value={value}
        onValueChange={onChoose}
        // Spec section 4: Enter advances on every step. Radix keeps Enter from
        // checking a radio (WAI-ARIA) but lets it bubble here; arrows stay Radix's.
        onKeyDown={(event) => {
          if (event.key === 'Enter') onEnter(event);
        }}
        className="gap-3"
      >
        {USER_TYPE_OPTIONS.map((option) => (
          <Label
            key={option}
            htmlFor={`${id}-${option}`}
            className="flex cursor-pointer items-center gap-3 rounded-lg border p-4 text-base font-normal hover:bg-muted has-[[data-state=checked]]:border-primary"
          >
            <RadioGroupItem id={`${id}-${option}`} value={option} />
            {option}
          </Label>
        ))}
      </RadioGroup>
    );
  } else if (field === 'primaryUse') {
    control = (
      <PrimaryUseSelect
        id={id}
        value={value}
        error={error}
        describedBy={describedBy}
        onChoose={onChoose}
        onEnter={onEnter}
        triggerRef={inputRef as Ref<HTMLButtonElement>}
      />
    );
  } else if (field === 'contentWorkflow') {
    control = (
      <Textarea
        ref={inputRef as Ref<HTMLTextAreaElement>}
        id={id}
        name={field}
        rows={4}
        value={value}
        placeholder={copy.placeholder}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) onEnter(event);
        }}
      />
    );
  } else {
    control = (
      <Input
        ref={inputRef as Ref<HTMLInputElement>}
        id={id}
        name={field}
        type={field === 'email' ? 'email' : 'text'}
        autoComplete={
          {
            email: 'email',
            firstName: 'given-name',
            lastName: 'family-name',
            company: 'organization',
          }[field]
        }
        required
        value={value}
        placeholder={copy.placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="h-12 text-base"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onEnter(event);
        }}
      />
    );
  }

  return (
    <div className="space-y-3">
      {field === 'userType' ? (
        <p id={`${id}-label`} className={labelClass}>
          {copy.label}
        </p>
      ) : (
        <Label id={`${id}-label`} htmlFor={id} className={labelClass}>
          {copy.label}
        </Label>
      )}
      <p id={hintId} className="text-sm text-muted-foreground">
        {copy.hint}
      </p>
      {control}
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
