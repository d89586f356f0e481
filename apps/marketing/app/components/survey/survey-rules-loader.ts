// Types only: the rules' code (with zod) is fetched by the import() below.
import type * as rules from './survey-rules';

/** The survey's rules (survey-rules.ts), once fetched. */
export type SurveyRules = typeof rules;

let loaded: SurveyRules | undefined;
let loading: Promise<SurveyRules> | undefined;

/**
 * Fetches the survey's rules (zod and the shared schema) once; the dialog calls it when
 * the visitor starts answering (issue 32: not with the survey's first screen).
 */
export function loadSurveyRules(): Promise<SurveyRules> {
  loading ??= import('./survey-rules').then(
    (rules) => (loaded = rules),
    (error: unknown) => {
      // A failed download (a dropped connection) is tried again at the next call.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The rules if they have arrived, else undefined. */
export function surveyRulesIfLoaded(): SurveyRules | undefined {
  return loaded;
}
