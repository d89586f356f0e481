import { Link } from '@remix-run/react';
import { useAnalytics } from '@repo/analytics/react';
import { Button, toast } from '@repo/ui';
import { WAITLIST_AUTO_ADVANCE_MS, WAITLIST_STEPS } from '@repo/validation';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { StepCount } from '~/components/forms/step-count';
import { StepProgress } from '~/components/forms/step-progress';
import { useStepForm } from '~/components/forms/use-step-form';
import { HoneypotField } from '~/components/honeypot-field';
import { TOASTS } from '~/utils/messages';
import { SITE_NAME } from '~/utils/site';
import { inviteCodeOfVisit, rememberVisitCodes } from './visit-codes';
import { type InviteOutcome, submitWaitlist } from './submit-waitlist';
import { WaitlistStepField } from './waitlist-field';
import {
  canAdvance,
  EMPTY_WAITLIST,
  TOTAL_STEPS,
  type WaitlistField,
  type WaitlistValues,
  waitlistFieldError,
} from './waitlist-rules';

export interface WaitlistWizardProps {
  /** 'overlay' shows Complete on the last step and auto-advances after a choice. */
  variant: 'inline' | 'overlay';
  /** Called when the visitor finished (success or duplicate). */
  onDone?: () => void;
  /**
   * Issue 11: the invite code to redeem with the signup: the overlay's field.
   * Without it, the code of the visit's address (/beta?invite=CODE) is used.
   */
  inviteCode?: string;
}

/** The 7-step waitlist wizard of spec section 4. */
export function WaitlistWizard({ variant, onDone, inviteCode }: WaitlistWizardProps) {
  const idPrefix = useId().replace(/:/g, '');
  const { track } = useAnalytics();
  const [values, setValues] = useState<WaitlistValues>(EMPTY_WAITLIST);
  const [inviteOutcome, setInviteOutcome] = useState<InviteOutcome | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const fieldRef = useRef<HTMLElement>(null);
  const autoAdvance = useRef<ReturnType<typeof setTimeout>>();
  const honeypotRef = useRef<HTMLInputElement>(null);
  // Keyboard users land in the new step's field (not on first render, so the page does not jump).
  const steps = useStepForm<WaitlistField>({
    totalSteps: TOTAL_STEPS,
    focus: { target: () => fieldRef.current },
  });
  const { stepIndex, isLast, touch } = steps;

  const field = WAITLIST_STEPS[stepIndex] ?? 'email';
  const value = values[field];
  const error = steps.touched[field] ? waitlistFieldError(field, value) : undefined;
  const advanceEnabled = canAdvance(field, value, submitting);

  useEffect(() => () => clearTimeout(autoAdvance.current), []);
  // Issue 11: a visitor who came through a referral or invite link keeps its code for the session.
  useEffect(() => rememberVisitCodes(), []);

  function completeStep(index: number) {
    const name = WAITLIST_STEPS[index];
    if (!name) return;
    // The admin dashboard's funnel counts these (one per step and session).
    track('waitlist_step_completed', {
      step_name: name,
      step_number: index + 1,
      total_steps: TOTAL_STEPS,
    });
  }

  async function submit(current: WaitlistValues) {
    setSubmitting(true);
    const {
      outcome,
      invite,
      error: failure,
    } = await submitWaitlist(
      current,
      honeypotRef.current?.value ?? '',
      inviteCode ?? inviteCodeOfVisit(),
    );
    setSubmitting(false);
    track('waitlist_form', {
      primary_use: current.primaryUse,
      company_provided: current.company.trim() !== '',
      user_type: current.userType || 'not_provided',
      workflow_provided: current.contentWorkflow.trim() !== '',
      success: outcome === 'success' || outcome === 'duplicate',
      ...(failure ? { error: outcome } : {}),
    });
    if (outcome === 'success') {
      track('waitlist_signup', {
        primary_use: current.primaryUse,
        user_type: current.userType || 'not_provided',
      });
      toast(TOASTS.waitlistSuccess);
    } else if (outcome === 'duplicate') {
      toast(TOASTS.waitlistDuplicate);
    } else if (outcome === 'invite_refused') {
      toast({ ...TOASTS.inviteCodeRefused, description: failure });
      return;
    } else {
      toast(outcome === 'invalid' ? TOASTS.waitlistInvalid : TOASTS.waitlistFailed);
      return;
    }
    setInviteOutcome(invite);
    setDone(true);
    onDone?.();
  }

  function advance(current: WaitlistValues = values, index: number = stepIndex) {
    const currentField = WAITLIST_STEPS[index];
    if (!currentField || !canAdvance(currentField, current[currentField], submitting)) {
      if (currentField) touch(currentField);
      return;
    }
    completeStep(index);
    if (index === TOTAL_STEPS - 1) {
      void submit(current);
      return;
    }
    steps.goTo(index + 1);
  }

  function onChange(next: string) {
    setValues((previous) => ({ ...previous, [field]: next }));
    touch(field);
  }

  function onChoose(next: string) {
    const updated = { ...values, [field]: next };
    setValues(updated);
    touch(field);
    // Spec section 4: in the overlay a choice moves on by itself after 500 ms
    // (not from the last step, which submits only when asked to).
    if (variant === 'overlay' && !isLast) {
      clearTimeout(autoAdvance.current);
      const index = stepIndex;
      autoAdvance.current = setTimeout(() => advance(updated, index), WAITLIST_AUTO_ADVANCE_MS);
    }
  }

  function onEnter(event: KeyboardEvent) {
    event.preventDefault();
    // A radio chosen in the overlay may still be waiting to move on by itself.
    clearTimeout(autoAdvance.current);
    advance();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // As with Enter: a choice's pending auto-advance must not move on a second time.
    clearTimeout(autoAdvance.current);
    advance();
  }

  function back() {
    clearTimeout(autoAdvance.current);
    steps.back();
  }

  if (done) {
    return (
      <div className="flex flex-col items-center py-8 text-center" role="status">
        <CheckCircle2 className="h-14 w-14 text-success" aria-hidden="true" />
        <h2 className="mt-4 text-3xl font-bold tracking-tight">You&apos;re on the list!</h2>
        <p className="mt-3 max-w-md text-muted-foreground">
          Thanks for joining the {SITE_NAME} beta waitlist. We review every signup and will email
          you as soon as a place opens up.
        </p>
        {inviteOutcome === 'approved' ? (
          <p className="mt-3 max-w-md font-medium">
            Your invite code gave you a seat in the beta: we&apos;ve emailed your invitation to{' '}
            <span className="break-all">{values.email}</span>. Accept it to take your seat.
          </p>
        ) : inviteOutcome === 'queued' ? (
          // A confirmed address already on the list: no confirmation link to open.
          <p className="mt-3 max-w-md font-medium">
            The beta is full right now, so your invite code put you at the front of the queue.
          </p>
        ) : (
          <p className="mt-3 max-w-md font-medium">
            We&apos;ve sent a confirmation link to <span className="break-all">{values.email}</span>
            {inviteOutcome === 'pending'
              ? ': open it to use your invite code, for a seat in the beta if one is free, else the front of the queue.'
              : ': open it to take your place in the queue.'}
          </p>
        )}
        <Button asChild size="lg" className="mt-8">
          <Link to="/">Back to Homepage</Link>
        </Button>
      </div>
    );
  }

  const advanceLabel = submitting
    ? 'Submitting...'
    : isLast
      ? variant === 'overlay'
        ? 'Complete'
        : 'Submit'
      : 'Continue';

  return (
    <form
      id={`waitlist-form-${variant}`}
      aria-label="Join the waitlist"
      noValidate
      onSubmit={onSubmit}
      className="relative space-y-8"
    >
      <HoneypotField idPrefix={idPrefix} inputRef={honeypotRef} />
      <div className="space-y-2">
        <div className="flex items-center justify-between text-sm text-muted-foreground">
          <StepCount steps={steps} as="span" />
          <span>{steps.progress}%</span>
        </div>
        <StepProgress steps={steps} label="Waitlist progress" />
      </div>
      <WaitlistStepField
        key={field}
        field={field}
        idPrefix={idPrefix}
        value={value}
        error={error}
        onChange={onChange}
        onChoose={onChoose}
        onEnter={onEnter}
        inputRef={fieldRef}
      />
      <div className="flex items-center justify-between gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={back}
          disabled={steps.isFirst || submitting}
        >
          Back
        </Button>
        <Button
          type="submit"
          disabled={!advanceEnabled}
          data-analytics-id={`waitlist-${variant}-advance`}
        >
          {advanceLabel}
        </Button>
      </div>
    </form>
  );
}
