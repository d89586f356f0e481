import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The percentage shown on step `stepIndex` (0-based): step number / total steps,
 * rounded (spec section 4 gives the waitlist's as step number / 7).
 */
export function stepProgress(stepIndex: number, totalSteps: number): number {
  return Math.round(((stepIndex + 1) / totalSteps) * 100);
}

/** Where focus goes after a step change: the new step's field or heading. */
export interface StepFocus {
  /** The element to focus, looked up when focus moves (the new step has rendered by then). */
  target: () => HTMLElement | null | undefined;
  /** Waits this long first (spec section 2: the survey moves 100 ms after a step change). */
  delayMs?: number;
  /** Runs just before focus moves, e.g. to scroll the view back to the top. */
  before?: () => void;
}

export interface StepFormOptions {
  totalSteps: number;
  focus?: StepFocus;
  /**
   * For a form inside a dialog: while false nothing is focused, and when it
   * turns true the current step's field is (the form just opened). A form that
   * is always on the page leaves it out: focus then moves on step changes only,
   * never on the first render, so the page does not jump to the form.
   */
  open?: boolean;
}

/**
 * The stepping shared by the multi-step forms (waitlist wizard, contact overlay,
 * beta feedback survey): which step is shown, which fields were touched (their
 * messages show from then on), where focus goes on a step change, and the
 * progress. Values and validation stay with each form: they differ.
 */
export function useStepForm<Field extends string>({ totalSteps, focus, open }: StepFormOptions) {
  const [stepIndex, setStepIndex] = useState(0);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});

  // The focus options are read when focus moves, so callers may pass new functions each render.
  const focusRef = useRef(focus);
  focusRef.current = focus;
  // The step focus last moved for; the first render's step counts as seen.
  const focusedStep = useRef(stepIndex);

  useEffect(() => {
    if (open === false) return;
    // An always-shown form moves focus only when the step changed (not on mount, and
    // not when React re-runs the effect in development without a change).
    if (open === undefined && focusedStep.current === stepIndex) return;
    focusedStep.current = stepIndex;
    const move = () => {
      focusRef.current?.before?.();
      focusRef.current?.target()?.focus();
    };
    const delay = focusRef.current?.delayMs;
    if (!delay) {
      move();
      return;
    }
    const timer = setTimeout(move, delay);
    return () => clearTimeout(timer);
  }, [stepIndex, open]);

  const goTo = useCallback(
    (index: number) => setStepIndex(Math.min(Math.max(index, 0), totalSteps - 1)),
    [totalSteps],
  );
  const next = useCallback(
    () => setStepIndex((index) => Math.min(index + 1, totalSteps - 1)),
    [totalSteps],
  );
  const back = useCallback(() => setStepIndex((index) => Math.max(index - 1, 0)), []);

  /** Marks fields as touched: their messages show from now on. */
  const touch = useCallback((...fields: Field[]) => {
    setTouched((seen) => {
      if (fields.every((field) => seen[field])) return seen;
      return { ...seen, ...Object.fromEntries(fields.map((field) => [field, true])) };
    });
  }, []);

  /** Back to the first step with nothing touched (a dialog opened anew). */
  const reset = useCallback(() => {
    setStepIndex(0);
    setTouched({});
  }, []);

  return {
    /** 0-based. */
    stepIndex,
    totalSteps,
    isFirst: stepIndex === 0,
    isLast: stepIndex === totalSteps - 1,
    /** Step number / total as a whole percentage. */
    progress: stepProgress(stepIndex, totalSteps),
    touched,
    touch,
    next,
    back,
    goTo,
    reset,
  };
}

export type StepForm<Field extends string = string> = ReturnType<typeof useStepForm<Field>>;
