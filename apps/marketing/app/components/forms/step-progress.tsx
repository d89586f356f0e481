import { Progress } from '@repo/ui';
import type { StepForm } from './use-step-form';

interface StepProgressProps {
  steps: Pick<StepForm, 'progress'>;
  /** The bar's accessible name, e.g. 'Survey progress'. */
  label: string;
  className?: string;
}

/**
 * A multi-step form's progress bar: a labelled progressbar whose value is the
 * step number / total, rounded (Radix sets aria-valuenow and aria-valuetext).
 * The bar moves by a CSS transition, which the shared styles turn off under
 * prefers-reduced-motion.
 */
export function StepProgress({ steps, label, className }: StepProgressProps) {
  return <Progress value={steps.progress} aria-label={label} className={className} />;
}
