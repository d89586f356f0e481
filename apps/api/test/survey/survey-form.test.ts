import { BETA_FEEDBACK_MESSAGES } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/use-context';
import { validBetaFeedback } from '../helpers/test-app';

const ctx = useTestContext();

describe('POST /api/beta-feedback', () => {
  it('stores a complete response', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta-feedback',
      payload: validBetaFeedback(),
    });
    expect(response.statusCode).toBe(201);
    const row = await ctx.database.db
      .selectFrom('betaFeedbackResponses')
      .selectAll()
      .where('id', '=', response.json<{ id: string }>().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      aiExperienceLevel: 'intermediate',
      generalFeedback: null,
      whyItMattersUseful: 'very_useful',
    });
  });

  const required = Object.entries(BETA_FEEDBACK_MESSAGES);
  it.each(required)('requires %s with its spec message', async (field, message) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta-feedback',
      payload: validBetaFeedback({ [field]: undefined }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: field, message });
  });

  it('rejects an answer outside its scale', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/beta-feedback',
      payload: validBetaFeedback({ recommendationLikelihood: 'very_easy' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({
      path: 'recommendationLikelihood',
      message: BETA_FEEDBACK_MESSAGES.recommendationLikelihood,
    });
  });
});
