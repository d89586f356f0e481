/*
 * Issue 23: publishing a post from a program with the typed client, as the
 * product itself would (docs/publishing.md shows this file). An API key with
 * posts:write and posts:publish (made on the console's API keys tab) is all it
 * needs; the Idempotency-Key makes a retried create (after a timeout, say)
 * answer the post the first attempt made instead of making a second one.
 */
import { randomUUID } from 'node:crypto';
import { ApiError, createApiClient, createConsoleEndpoints } from '@repo/api-client';

export async function publishPost(apiUrl: string, apiKey: string) {
  const api = createConsoleEndpoints(
    createApiClient({ baseUrl: apiUrl, headers: { authorization: `Bearer ${apiKey}` } }),
  );
  const post = {
    title: 'Five briefs that make better first drafts',
    excerpt: 'What to put in a content brief so the first draft needs one pass, not three.',
    category: 'Guides',
    tags: ['Briefs', 'Writing'],
    author: 'Wordloom',
    content: '## Start with the reader\n\nWho reads this, and what do they do next?',
  };
  // One key per post, kept for every retry of the same create.
  const idempotencyKey = randomUUID();
  let draft;
  for (let attempt = 1; ; attempt++) {
    try {
      draft = await api.admin.posts.create(post, { idempotencyKey });
      break;
    } catch (error) {
      // A 4xx is an answer (fix the post); anything else may be worth one more try.
      if ((error instanceof ApiError && error.status < 500) || attempt === 3) throw error;
    }
  }
  return api.admin.posts.publish(draft.id);
}
