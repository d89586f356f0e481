import { useFetcher } from '@remix-run/react';
import {
  Button,
  FullScreenModal,
  FullScreenModalDescription,
  FullScreenModalTitle,
  toast,
} from '@repo/ui';
import {
  BETA_FEEDBACK_STEPS,
  type BetaFeedbackField,
  SURVEY_SCROLL_DELAY_MS,
} from '@repo/validation';
import { CheckCircle2, X } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { StepCount } from '~/components/forms/step-count';
import { StepProgress } from '~/components/forms/step-progress';
import { useStepForm } from '~/components/forms/use-step-form';
import { HoneypotField, NOT_HONEYPOT } from '~/components/honeypot-field';
import { TOASTS } from '~/utils/messages';
import { SITE_NAME } from '~/utils/site';
import { SurveyField } from './survey-field';
import { EMPTY_SURVEY, type SurveyValues, toFeedbackPayload } from './survey-fields';
import { SURVEY_ACTION, type SurveyActionData, SURVEY_THANK_YOU } from './survey-outcome';
import { SurveyResumeNote } from './survey-resume-note';
import { loadSurveyRules, type SurveyRules, surveyRulesIfLoaded } from './survey-rules-loader';
import { useSurveyProgress } from './use-survey-progress';

const TOTAL = BETA_FEEDBACK_STEPS.length;

interface BetaFeedbackSurveyProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once, when the survey (its code arrived) has mounted: the page opens it then. */
  onMounted?: () => void;
}

/**
 * The 9-step beta feedback survey in a full-screen modal (spec sections 2, 3 and 5).
 * Its rules (zod and the shared schema) are fetched when the visitor starts answering
 * (issue 32): evaluated with the first screen, they were the page's longest task.
 */
export function BetaFeedbackSurvey({ open, onOpenChange, onMounted }: BetaFeedbackSurveyProps) {
  const mountedCallback = useRef(onMounted);
  useEffect(() => mountedCallback.current?.(), []);
  const [values, setValues] = useState<SurveyValues>(EMPTY_SURVEY);
  // From the click until the page's action answers (the saves before it may hold it a moment).
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const fetcher = useFetcher<SurveyActionData>();
  const handled = useRef<SurveyActionData | undefined>(undefined);
  const scrollRef = useRef<HTMLDialogElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [rules, setRules] = useState<SurveyRules | undefined>(surveyRulesIfLoaded);
  /** The rules, fetched on the visitor's first reach into the form (focus, pointer, key). */
  const withRules = useCallback(async () => {
    const loaded = surveyRulesIfLoaded() ?? (await loadSurveyRules());
    setRules(loaded);
    return loaded;
  }, []);
  const startAnswering = useCallback(() => {
    if (!surveyRulesIfLoaded()) withRules().catch(() => undefined);
  }, [withRules]);
  // A Next pressed while the rules are still on their way: one check at a time.
  const checking = useRef(false);
  // Spec section 2: after a step change the view scrolls to the top after 100 ms,
  // and the step's first question has focus.
  const steps = useStepForm<BetaFeedbackField>({
    totalSteps: TOTAL,
    focus: {
      delayMs: SURVEY_SCROLL_DELAY_MS,
      before: () => {
        scrollRef.current?.scrollTo({ top: 0 });
        window.scrollTo({ top: 0 });
      },
      // The step's first question (the form's first input is the hidden honeypot).
      target: () =>
        scrollRef.current?.querySelector<HTMLElement>(
          `:is(input, textarea, button[role="radio"])${NOT_HONEYPOT}`,
        ),
    },
  });
  const { stepIndex, isLast, touch } = steps;
  // Issue 12: answers are saved at each step and put back on a return within 7 days.
  const progress = useSurveyProgress(open, (restored) => {
    setValues((current) => ({ ...current, ...restored.answers }));
    steps.goTo(restored.step - 1);
  });
  const step = BETA_FEEDBACK_STEPS[stepIndex] ?? BETA_FEEDBACK_STEPS[0];

  function setField(field: BetaFeedbackField, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    touch(field);
  }

  /** Shows the step's messages; true when it may move on. */
  async function stepIsValid(): Promise<boolean> {
    const fields: readonly BetaFeedbackField[] = step.fields;
    touch(...fields);
    const { stepErrors } = surveyRulesIfLoaded() ?? (await withRules());
    return Object.keys(stepErrors(fields, values)).length === 0;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting || checking.current) return;
    checking.current = true;
    let valid: boolean;
    try {
      valid = await stepIsValid();
    } catch {
      // The rules could not be fetched (a dropped connection): Next tries again.
      toast(TOASTS.surveyFailed);
      return;
    } finally {
      checking.current = false;
    }
    if (!valid) return;
    const website = honeypotRef.current?.value ?? '';
    if (!isLast) {
      steps.next();
      progress.saveStep(stepIndex + 2, values, website);
      return;
    }
    setSubmitting(true);
    const progressKey = await progress.progressKey();
    // The answers as typed, checked step by step; the page's action checks them again
    // (issue 22: the same action answers the survey without JavaScript).
    fetcher.submit(
      { ...toFeedbackPayload(values), website, ...(progressKey ? { progressKey } : {}) },
      { method: 'post', action: SURVEY_ACTION },
    );
  }

  // The action's answer to the last step's submit.
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || handled.current === result) return;
    handled.current = result;
    setSubmitting(false);
    if (result.outcome === 'sent') {
      progress.complete();
      toast(TOASTS.surveySuccess);
      setSubmitted(true);
    } else {
      toast(TOASTS.surveyFailed);
    }
  }, [fetcher.state, fetcher.data, progress]);

  return (
    <FullScreenModal open={open} onOpenChange={onOpenChange} hideClose ref={scrollRef}>
      {submitted ? (
        <div
          className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-6 text-center"
          role="status"
        >
          <CheckCircle2 className="h-16 w-16 text-success" aria-hidden="true" />
          <FullScreenModalTitle className="mt-6 text-3xl font-bold">
            {SURVEY_THANK_YOU.title}
          </FullScreenModalTitle>
          <FullScreenModalDescription className="mt-3 text-muted-foreground">
            {SURVEY_THANK_YOU.description}
          </FullScreenModalDescription>
          <Button size="lg" className="mt-8" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </div>
      ) : (
        <>
          <div className="sticky top-0 z-10 border-b bg-background">
            <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
              <FullScreenModalTitle className="text-base font-semibold">
                {SITE_NAME} Beta Feedback
              </FullScreenModalTitle>
              <Button variant="ghost" size="icon" onClick={() => onOpenChange(false)}>
                <X aria-hidden="true" />
                <span className="sr-only">Close survey</span>
              </Button>
            </div>
            <StepProgress steps={steps} label="Survey progress" className="h-1 rounded-none" />
          </div>
          {/* Hidden until the step to show is known (a survey left earlier may be resumed). */}
          <form
            id="beta-feedback-form"
            aria-label="Beta feedback survey"
            hidden={!progress.settled}
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            onFocus={startAnswering}
            onPointerDown={startAnswering}
            onKeyDown={startAnswering}
            className="relative mx-auto w-full max-w-3xl flex-1 space-y-8 px-4 py-10 sm:px-6"
          >
            <HoneypotField idPrefix="survey" inputRef={honeypotRef} />
            <div>
              <StepCount steps={steps} className="text-sm text-muted-foreground" />
              <h2 className="mt-1 text-2xl font-bold tracking-tight">{step.title}</h2>
              <FullScreenModalDescription className="mt-2 text-sm text-muted-foreground">
                Fields marked with <span className="text-destructive">*</span> are required.
              </FullScreenModalDescription>
              <SurveyResumeNote restored={progress.restored} />
            </div>
            {step.fields.map((field) => (
              <SurveyField
                key={field}
                field={field}
                value={values[field]}
                error={
                  steps.touched[field] && rules
                    ? rules.surveyFieldError(field, values[field])
                    : undefined
                }
                onChange={(value) => setField(field, value)}
              />
            ))}
            <div className="flex items-center justify-between gap-3 border-t pt-6">
              {stepIndex > 0 ? (
                <Button type="button" variant="outline" onClick={steps.back} disabled={submitting}>
                  Previous
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" disabled={submitting}>
                {isLast ? (submitting ? 'Submitting...' : 'Submit Feedback') : 'Next'}
              </Button>
            </div>
          </form>
        </>
      )}
    </FullScreenModal>
  );
}
