import { SURVEY_RESUME_DAYS } from '@repo/validation';

/** Says that a survey left earlier was put back as it was (issue 12). */
export function SurveyResumeNote({ restored }: { restored: boolean }) {
  // The live region is always there, so that the sentence is announced when it appears.
  return (
    <p role="status" className="mt-2 text-sm text-muted-foreground empty:hidden">
      {restored
        ? `Welcome back: your earlier answers are restored. Unfinished answers are kept for ${SURVEY_RESUME_DAYS} days after your last step.`
        : null}
    </p>
  );
}
