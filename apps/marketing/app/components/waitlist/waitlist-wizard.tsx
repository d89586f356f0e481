import { useFetcher, useLocation } from '@remix-run/react';
import { readFirstTouch } from '@repo/analytics/first-touch';
import { useAnalytics } from '@repo/analytics/react';
import { Button, toast } from '@repo/ui';
import { WAITLIST_AUTO_ADVANCE_MS, WAITLIST_STEPS } from '@repo/validation';
import {
  type FormEvent,
  type KeyboardEvent,
  startTransition,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { StepCount } from '~/components/forms/step-count';
import { StepProgress } from '~/components/forms/step-progress';
import { useStepForm } from '~/components/forms/use-step-form';
import { HoneypotField } from '~/components/honeypot-field';
import { TOASTS } from '~/utils/messages';
import { afterNextPaint } from '~/utils/when-idle';
import { inviteCodeOfVisit, referralCodeOfVisit, rememberVisitCodes } from './visit-codes';
import { WaitlistDone } from './waitlist-done';
import { WaitlistStepField } from './waitlist-field';
import { WaitlistOnePage } from './waitlist-one-page';
import {
  canAdvance,
  EMPTY_WAITLIST,
  TOTAL_STEPS,
  type WaitlistField,
  type WaitlistValues,
  waitlistFieldError,
} from './waitlist-rules';
import {
  type InviteOutcome,
  type WaitlistActionData,
  waitlistFormData,
} from './waitlist-submission';

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
  /**
   * Issue 22: /beta's answer to the form posted without JavaScript (a document
   * POST): the page shows it, and keeps the one-page form while there are problems.
   */
  result?: WaitlistActionData;
}

/** The form's address: the same page, keeping its query (the codes it carries). */
const ACTION = '/beta';

/** The 7-step waitlist wizard of spec section 4. */
export function WaitlistWizard({ variant, onDone, inviteCode, result }: WaitlistWizardProps) {
  const idPrefix = useId().replace(/:/g, '');
  const { track } = useAnalytics();
  const { search } = useLocation();
  const fetcher = useFetcher<WaitlistActionData>();
  const [values, setValues] = useState<WaitlistValues>(EMPTY_WAITLIST);
  const [inviteOutcome, setInviteOutcome] = useState<InviteOutcome | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  // Issue 22: the server (and the first render in the browser, which must match it)
  // shows the one-page form, which works without JavaScript; once the script runs the
  // wizard takes its place. The overlay only ever exists with JavaScript. A page that
  // answers a post with problems keeps the one-page form, its messages beside the fields.
  const [enhanced, setEnhanced] = useState(variant === 'overlay');
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef<WaitlistValues>();
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
  useEffect(() => {
    if (enhanced || result) return;
    // Whatever was typed into the one-page form before the script arrived is kept.
    const typed = formRef.current ? new FormData(formRef.current) : undefined;
    setValues((previous) => {
      const next = { ...previous };
      for (const name of WAITLIST_STEPS) {
        const value = typed?.get(name);
        if (typeof value === 'string' && value !== '') next[name] = value;
      }
      return next;
    });
    setEnhanced(true);
  }, [enhanced, result]);

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

  function submit(current: WaitlistValues) {
    setSubmitting(true);
    submitted.current = current;
    const website = honeypotRef.current?.value ?? '';
    // Issue 22: the same action as the form posted without JavaScript. Issue 32 (INP):
    // the click paints 'Submitting...' first; the post (the router's state, and the
    // page's re-render with it) starts in the task after that paint.
    afterNextPaint(() =>
      fetcher.submit(
        waitlistFormData({
          values: current,
          website,
          inviteCode: (inviteCode ?? inviteCodeOfVisit() ?? '').trim(),
          referralCode: referralCodeOfVisit(),
          source: readFirstTouch() ?? {},
        }),
        { method: 'post', action: ACTION },
      ),
    );
  }

  // The action's answer, once the fetcher is back (one answer per submit).
  useEffect(() => {
    const current = submitted.current;
    if (fetcher.state !== 'idle' || !current || !fetcher.data) return;
    submitted.current = undefined;
    finish(current, fetcher.data);
    // finish reads the latest props and state; it runs once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  function finish(current: WaitlistValues, answer: WaitlistActionData) {
    setSubmitting(false);
    const { outcome } = answer;
    track('waitlist_form', {
      primary_use: current.primaryUse,
      company_provided: current.company.trim() !== '',
      user_type: current.userType || 'not_provided',
      workflow_provided: current.contentWorkflow.trim() !== '',
      success: outcome === 'success' || outcome === 'duplicate',
      ...(outcome === 'success' || outcome === 'duplicate' ? {} : { error: outcome }),
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
      toast({ ...TOASTS.inviteCodeRefused, description: answer.problems[0]?.message });
      return;
    } else {
      toast(outcome === 'invalid' ? TOASTS.waitlistInvalid : TOASTS.waitlistFailed);
      return;
    }
    setInviteOutcome(answer.invite);
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
    // Issue 22 (INP): the next step renders in a transition, so the click or key that
    // asked for it gets its frame at once instead of waiting for the new step.
    startTransition(() => steps.goTo(index + 1));
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
    startTransition(() => steps.back());
  }

  if (done) return <WaitlistDone email={values.email.trim()} invite={inviteOutcome} />;
  if (result && (result.outcome === 'success' || result.outcome === 'duplicate')) {
    return (
      <WaitlistDone
        email={result.email}
        invite={result.invite}
        notice={result.outcome === 'success' ? TOASTS.waitlistSuccess : TOASTS.waitlistDuplicate}
      />
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
      ref={formRef}
      id={`waitlist-form-${variant}`}
      // Two forms on /beta (the page's and the overlay's): landmarks of one role need
      // names of their own (axe landmark-unique, seen with step 7's list open, issue 31).
      aria-label={variant === 'overlay' ? 'Apply for beta access' : 'Join the waitlist'}
      method="post"
      action={`${ACTION}${search}#join`}
      // The server's error summary speaks for the checks, not the browser's bubbles.
      noValidate
      onSubmit={enhanced ? onSubmit : undefined}
      className="relative space-y-8"
    >
      <HoneypotField idPrefix={idPrefix} inputRef={honeypotRef} />
      {enhanced ? (
        <>
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
        </>
      ) : (
        <WaitlistOnePage
          idPrefix={`waitlist-${variant}`}
          failure={result && 'problems' in result ? result : undefined}
          search={search}
        />
      )}
    </form>
  );
}
