/**
 * Pictures of /auth and every tab at 1280 px and 768 px for a visual review,
 * against a fresh stack with sample data. Needs a built admin app:
 * pnpm --filter @repo/admin build && pnpm --filter @repo/admin screenshots
 */
import { startStack } from '@repo/e2e';
import { randomUUID } from 'node:crypto';
import { answerSurvey, joinWaitlist, sendContactMessage } from '../e2e/seed';
import { takeScreenshots } from '../e2e/take-screenshots';

/** The first account of the fresh install needs the operator's setup token. */
const SETUP_TOKEN = 'screenshots-and-bench-setup-token';

const stack = await startStack({ admin: true, apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN } });
try {
  const login = { username: 'reviewer', password: 'look-at-it' };
  await fetch(`${stack.apiUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...login,
      setupToken: SETUP_TOKEN,
      email: 'reviewer@wordloom.test',
      name: 'Rita Reviewer',
    }),
  });
  const people = [
    'Ada Lovelace',
    'Alan Turing',
    'Grace Hopper',
    'Barbara Liskov',
    'Edsger Dijkstra',
  ];
  for (const [index, person] of people.entries()) {
    const [firstName = '', lastName = ''] = person.split(' ');
    const email = `${firstName.toLowerCase()}@example.com`;
    await joinWaitlist(stack.apiUrl, {
      email,
      firstName,
      lastName,
      ...(index % 2 ? {} : { company: 'Analytical Engines' }),
    });
    await sendContactMessage(stack.apiUrl, {
      name: person,
      email,
      subject: 'A question about the beta',
      message: 'Can agencies join the beta with client work?',
    });
  }
  // The beta survey (issue 12): some finished, some stopped along the way.
  const ratings = ['very_easy', 'easy', 'neutral', 'difficult', 'easy'];
  const likelihoods = ['very_likely', 'likely', 'very_likely', 'unlikely', 'neutral'];
  for (const [index, person] of people.entries()) {
    const [firstName = '', lastName = ''] = person.split(' ');
    const rating = ratings[index]!;
    await answerSurvey(
      stack.apiUrl,
      randomUUID(),
      {
        email: `${firstName.toLowerCase()}@example.com`,
        firstName,
        lastName,
        primaryRole: index % 2 ? 'Agency owner' : 'Content lead',
        aiExperienceLevel: 'intermediate',
        gettingStartedEase: rating,
        initialImpressions: `Impression ${index + 1}: the brand setup was quick and the drafts read well.`,
        workflowEase: rating,
        keywordResearchEase: 'neutral',
        blogPostCreationEase: rating,
        whyItMattersUseful: 'very_useful',
        profileSetupRating: 'easy',
        brandSetupRating: rating,
        keywordResearchRating: 'neutral',
        blogPostRating: rating,
        contentLibraryRating: 'did_not_attempt',
        contentQualitySatisfaction: 'satisfied',
        contentAccuracyRating: index % 2 ? 'neutral' : 'satisfied',
        brandReflectionRating: 'very_satisfied',
        recommendationLikelihood: likelihoods[index]!,
        overallSatisfaction: 'satisfied',
        improvementSuggestions: index % 2 ? 'A calendar export for the editorial plan.' : '',
      },
      { stopAt: index < 3 ? 9 : index + 1, submit: index < 3 },
    );
  }
  const files = await takeScreenshots(stack.adminUrl!, login);
  console.log(`${files.length} screenshots:\n${files.join('\n')}`);
} finally {
  await stack.stop();
}
