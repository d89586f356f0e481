import { type Stack, startStack } from '@repo/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinWaitlist, sendContactMessage } from './seed';
import { takeScreenshots } from './take-screenshots';

// Opt-in (SCREENSHOTS=1): pictures for a visual review, not assertions.
describe.runIf(process.env.SCREENSHOTS)('screenshots', () => {
  let stack: Stack;
  const login = { username: 'reviewer', password: 'look-at-it' };

  beforeAll(async () => {
    stack = await startStack({ admin: true });
    const response = await fetch(`${stack.apiUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...login, email: 'reviewer@wordloom.test', name: 'Rita Reviewer' }),
    });
    expect(response.status).toBe(201);
    const people = [
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
      'Barbara Liskov',
      'Edsger Dijkstra',
    ];
    for (const [index, person] of people.entries()) {
      const [firstName = '', lastName = ''] = person.split(' ');
      await joinWaitlist(stack.apiUrl, {
        email: `${firstName.toLowerCase()}@example.com`,
        firstName,
        lastName,
        ...(index % 2 ? {} : { company: 'Analytical Engines' }),
      });
      await sendContactMessage(stack.apiUrl, {
        name: person,
        email: `${firstName.toLowerCase()}@example.com`,
        subject: 'A question about the beta',
        message: 'Can agencies join the beta with client work?',
      });
    }
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('photographs /auth and every tab at 1280 px and 768 px', async () => {
    const files = await takeScreenshots(stack.adminUrl!, login);
    expect(files.length).toBeGreaterThanOrEqual(14);
  }, 180_000);
});
