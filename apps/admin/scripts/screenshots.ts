/**
 * Pictures of /auth and every tab at 1280 px and 768 px for a visual review,
 * against a fresh stack with sample data. Needs a built admin app:
 * pnpm --filter @repo/admin build && pnpm --filter @repo/admin screenshots
 */
import { startStack } from '@repo/e2e';
import { joinWaitlist, sendContactMessage } from '../e2e/seed';
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
  const files = await takeScreenshots(stack.adminUrl!, login);
  console.log(`${files.length} screenshots:\n${files.join('\n')}`);
} finally {
  await stack.stop();
}
