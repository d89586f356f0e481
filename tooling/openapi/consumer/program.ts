/**
 * A partner's program, written against the committed OpenAPI documents only: no
 * @repo/api-client, no @repo/validation. `pnpm openapi:check` generates the types of
 * ../.generated/ with openapi-typescript from docs/openapi/*.json and typechecks this
 * file (issue 33): a document a generator cannot use, or one that renames or drops what
 * these calls use, fails it. It is never run.
 */
import createClient from 'openapi-fetch';
import type { components, paths as AdminPaths } from '../.generated/admin';
import type { paths as PublicPaths } from '../.generated/public';

type ErrorBody = components['schemas']['ErrorBody'];

const site = createClient<PublicPaths>({ baseUrl: 'https://wordloom.example' });

/** Signs someone up for the waitlist: their entry's id, or the error contract's message. */
export async function joinWaitlist(email: string): Promise<string> {
  const { data, error } = await site.POST('/api/waitlist', {
    body: {
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      primaryUse: 'Blog Writing',
    },
  });
  if (error) return describe(error);
  return data.id;
}

/** A published post's title, by its slug. */
export async function postTitle(slug: string): Promise<string | undefined> {
  const { data } = await site.GET('/api/posts/{slug}', { params: { path: { slug } } });
  return data?.title;
}

/** The first page of the waitlist, with an API key: each entry's address and company. */
export async function waitlistCompanies(apiKey: string): Promise<string[]> {
  const admin = createClient<AdminPaths>({
    baseUrl: 'https://api.wordloom.example',
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const { data, error } = await admin.GET('/api/admin/waitlist', {
    params: { query: { page: 1, pageSize: 25, sortBy: 'createdAt', sortOrder: 'desc' } },
  });
  if (error) throw new Error(describe(error));
  return data.items.map((entry) => `${entry.email}: ${entry.companyName ?? 'no company'}`);
}

function describe(error: ErrorBody): string {
  return error.type ? `${error.type}: ${error.message}` : error.message;
}
