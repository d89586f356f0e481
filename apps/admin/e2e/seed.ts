import { execFileSync } from 'node:child_process';
import { mailboxOf, type Stack } from '@repo/e2e';
import type { BuiltInRoleKey } from '@repo/validation';
import type { BrowserContext } from 'playwright-core';

/** Seeds data through the public API, as visitors would. Returns the new entry's id. */
export async function joinWaitlist(
  apiUrl: string,
  person: { email: string; firstName: string; lastName: string; company?: string },
): Promise<string> {
  const response = await fetch(`${apiUrl}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      company: 'Analytical Engines',
      primaryUse: 'Blog Writing',
      ...person,
    }),
  });
  if (!response.ok) throw new Error(`waitlist: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

export async function sendContactMessage(
  apiUrl: string,
  message: { name: string; email: string; subject: string; message: string },
): Promise<void> {
  const response = await fetch(`${apiUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...message, status: 'new' }),
  });
  if (!response.ok) throw new Error(`contact: ${response.status} ${await response.text()}`);
}

export interface StaffAccount {
  name: string;
  email: string;
  username: string;
  password: string;
}

/**
 * A staff member's session held outside the browser (the seeding side of a test):
 * requests go straight to the API with the session cookie, and state the console's
 * origin as a browser would (state-changing admin requests need it).
 */
export interface ApiSession {
  account: StaffAccount;
  request: (method: string, path: string, body?: unknown) => Promise<Response>;
  json: <T>(method: string, path: string, body?: unknown) => Promise<T>;
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

function apiSession(
  apiUrl: string,
  adminUrl: string,
  account: StaffAccount,
  cookie: string,
): ApiSession {
  const request = (method: string, path: string, body?: unknown) =>
    fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        cookie,
        origin: new URL(adminUrl).origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    account,
    request,
    json: async <T>(method: string, path: string, body?: unknown) => {
      const response = await request(method, path, body);
      if (!response.ok)
        throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

/** Creates the first account with the operator's setup token (ADMIN_SETUP_TOKEN). */
export async function registerFirstAdmin(
  apiUrl: string,
  adminUrl: string,
  account: StaffAccount,
  setupToken: string,
): Promise<ApiSession> {
  const response = await fetch(`${apiUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, setupToken }),
  });
  if (response.status !== 201)
    throw new Error(`register: ${response.status} ${await response.text()}`);
  return apiSession(apiUrl, adminUrl, account, cookieOf(response));
}

/**
 * The token of the newest `path` link (e.g. '/accept-invite') mailed to `email`,
 * as its recipient gets it: the stack's mail goes to its mailbox. The console's
 * outbox shows the link without its token (issue 19).
 */
export async function tokenMailedTo(apiUrl: string, email: string, path: string): Promise<string> {
  const link = await mailboxOf(apiUrl).linkMailedTo(email, path);
  const token = link.searchParams.get('token');
  if (!token) throw new Error(`no link with a token in the email to ${email}`);
  return token;
}

let staffCount = 0;

/**
 * An active staff account of its own for one test: `inviter` invites a fresh
 * address in the staff domain, and the invitation is accepted as the invited
 * person would (the link's token read from the mail). With `signInto`, the
 * invitation is accepted from that browser context's request client, which
 * signs the new account in there (its cookie lands in that context only);
 * without, it is accepted straight at the API and nobody is signed in.
 */
export async function createStaff(
  apiUrl: string,
  inviter: ApiSession,
  label: string,
  { signInto, role = 'owner' }: { signInto?: BrowserContext; role?: BuiltInRoleKey } = {},
): Promise<StaffAccount> {
  staffCount += 1;
  const username = `${label}${staffCount}`;
  const account: StaffAccount = {
    name: `${label[0]!.toUpperCase()}${label.slice(1)} Staff ${staffCount}`,
    email: `${username}@wordloom.test`,
    username,
    password: `e2e-${username}-long-passphrase`,
  };
  // Issue 19: an invitation names the account's role (Owner unless a test needs less).
  const { roles } = await inviter.json<{ roles: { id: string; key: string | null }[] }>(
    'GET',
    '/api/admin/roles',
  );
  const roleId = roles.find((item) => item.key === role)?.id;
  if (!roleId) throw new Error(`no built-in role ${role}`);
  await inviter.json('POST', '/api/admin/accounts/invite', { email: account.email, roleId });
  const token = await tokenMailedTo(apiUrl, account.email, '/accept-invite');
  const body = { token, name: account.name, username, password: account.password };
  if (signInto) {
    const accepted = await signInto.request.post('/api/accept-invite', { data: body });
    if (accepted.status() !== 201)
      throw new Error(`accept-invite: ${accepted.status()} ${await accepted.text()}`);
  } else {
    const accepted = await fetch(`${apiUrl}/api/accept-invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (accepted.status !== 201)
      throw new Error(`accept-invite: ${accepted.status} ${await accepted.text()}`);
  }
  return account;
}

/**
 * Signs `account` in inside a browser context: the login is posted from the
 * context's own request client, so the session cookie lands in that context only.
 */
export async function signIn(context: BrowserContext, account: StaffAccount): Promise<void> {
  const response = await context.request.post('/api/login', {
    data: { username: account.username, password: account.password },
  });
  if (!response.ok()) throw new Error(`login: ${response.status()} ${await response.text()}`);
}

/** A desktop browser's User-Agent: the API keeps no survey progress from bot-like clients. */
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36';

/**
 * One tester's beta survey through the public API (issue 12): opened, saved step
 * by step up to `stopAt` (1-9), and submitted with `answers` when `submit` is set.
 */
export async function answerSurvey(
  apiUrl: string,
  key: string,
  answers: Record<string, string>,
  { stopAt = 9, submit = true }: { stopAt?: number; submit?: boolean } = {},
): Promise<void> {
  const steps = [
    ['email', 'firstName', 'lastName'],
    ['primaryRole', 'aiExperienceLevel'],
    ['gettingStartedEase', 'initialImpressions'],
    ['workflowEase', 'keywordResearchEase', 'blogPostCreationEase', 'whyItMattersUseful'],
    [
      'profileSetupRating',
      'brandSetupRating',
      'keywordResearchRating',
      'blogPostRating',
      'contentLibraryRating',
    ],
    ['generalFeedback'],
    ['contentQualitySatisfaction', 'contentAccuracyRating', 'brandReflectionRating'],
    ['recommendationLikelihood', 'overallSatisfaction'],
  ];
  for (let step = 1; step <= stopAt; step++) {
    const given = Object.fromEntries(
      steps
        .slice(0, step - 1)
        .flat()
        .filter((field) => answers[field])
        .map((field) => [field, answers[field]!]),
    );
    const response = await fetch(`${apiUrl}/api/beta-feedback/progress`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER_AGENT },
      body: JSON.stringify({ key, step, answers: given }),
    });
    if (!response.ok)
      throw new Error(`survey step ${step}: ${response.status} ${await response.text()}`);
  }
  if (!submit) return;
  const response = await fetch(`${apiUrl}/api/beta-feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...answers, progressKey: key }),
  });
  if (!response.ok) throw new Error(`survey: ${response.status} ${await response.text()}`);
}

/** Runs SQL in the stack's own database (psql); each row given as JSON (`row_to_json`). */
export function sqlRows<T = unknown>(stack: Stack, statement: string): T[] {
  if (!stack.databaseUrl) throw new Error('TEST_DATABASE_URL is needed to read the database');
  const out = execFileSync(
    'psql',
    [stack.databaseUrl, '-X', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', statement],
    { encoding: 'utf8' },
  );
  return out
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as T);
}

/** How many rows `query` gives, in the stack's own database. */
export function countRows(stack: Stack, query: string): number {
  return sqlRows<{ n: number }>(
    stack,
    `select row_to_json(r) from (select count(*)::int as n from (${query}) q) r`,
  )[0]!.n;
}
