import { betaFeedbackSchema, type BetaFeedbackField } from '@repo/validation';
import type { SurveyValues } from './survey-fields';

/*
 * The survey's rules: the shared schema's (the API and the page's action check the same).
 * This module brings zod and the contract's schemas along, the survey's largest piece of
 * code to evaluate (issue 32: 40 to 400 ms with the CPU slowed down 4×): the dialog loads
 * it with loadSurveyRules() when the visitor starts answering, not with its first screen.
 */

export function surveyFieldError(field: BetaFeedbackField, value: string): string | undefined {
  const result = betaFeedbackSchema.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The step's fields with their messages; empty when Next may move on. */
export function stepErrors(fields: readonly BetaFeedbackField[], values: SurveyValues) {
  const errors: Partial<Record<BetaFeedbackField, string>> = {};
  for (const field of fields) {
    const message = surveyFieldError(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}
