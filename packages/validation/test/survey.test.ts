import { describe, expect, it } from 'vitest';
import {
  BETA_FEEDBACK_STEPS,
  betaFeedbackSchema,
  requiredFieldsBefore,
  surveyProgressRequestSchema,
} from '../src';
import { messages } from './first-messages';

describe('survey', () => {
  it('splits into 9 steps that cover every field exactly once', () => {
    expect(BETA_FEEDBACK_STEPS).toHaveLength(9);
    const fields = BETA_FEEDBACK_STEPS.flatMap((step) => step.fields);
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields].sort()).toEqual(Object.keys(betaFeedbackSchema.shape).sort());
  });

  it("uses the spec's message for the 'Why it matters' rating", () => {
    expect(messages(betaFeedbackSchema.safeParse({})).whyItMattersUseful).toBe(
      "Please rate the usefulness of 'Why it matters' sections",
    );
  });
});

describe('survey progress (issue 12)', () => {
  it('needs the required answers of every step already passed', () => {
    expect(requiredFieldsBefore(1)).toEqual([]);
    expect(requiredFieldsBefore(3)).toEqual([
      'email',
      'firstName',
      'lastName',
      'primaryRole',
      'aiExperienceLevel',
    ]);
    // Step 6 (General Feedback) asks only an optional question.
    expect(requiredFieldsBefore(8)).not.toContain('generalFeedback');
    const key = '6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab';
    expect(surveyProgressRequestSchema.safeParse({ key, step: 1 }).success).toBe(true);
    expect(surveyProgressRequestSchema.safeParse({ key, step: 2, answers: {} }).success).toBe(
      false,
    );
  });
});
