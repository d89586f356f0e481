import type { StepForm } from './use-step-form';

interface StepCountProps {
  steps: Pick<StepForm, 'stepIndex' | 'totalSteps'>;
  /** A paragraph of its own, or a span inside a line shared with the percentage. */
  as?: 'p' | 'span';
  className?: string;
}

/** 'Step 2 of 7', announced to screen readers when the step changes. */
export function StepCount({ steps, as: Element = 'p', className }: StepCountProps) {
  return (
    <Element className={className} aria-live="polite">
      Step {steps.stepIndex + 1} of {steps.totalSteps}
    </Element>
  );
}
