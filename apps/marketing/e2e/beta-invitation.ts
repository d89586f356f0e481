import type { BetaParticipant, BetaParticipantList, WaitlistEntry } from '@repo/api-client';
import type { Stack } from '@repo/e2e';
import { expect } from 'vitest';

/** Helpers of the beta invitation suites (issue 11): a staff session held outside the browser. */
export interface StaffSession {
  cookie: string;
}

/** Creates the first console account with the run's setup token, and keeps its session. */
export async function signInStaff(stack: Stack, setupToken: string): Promise<StaffSession> {
  const response = await fetch(`${stack.apiUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'seats-admin',
      email: 'seats-admin@wordloom.test',
      name: 'Seats Admin',
      password: 'a long and unusual passphrase',
      setupToken,
    }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0]!)
    .join('; ');
  return { cookie };
}

/** A staff request to the API, from the console's origin as a browser's would be. */
async function staffFetch<T>(
  stack: Stack,
  staff: StaffSession,
  method: string,
  path: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { cookie: staff.cookie, origin: new URL(stack.publicUrls.admin).origin },
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function staffRead<T>(stack: Stack, staff: StaffSession, path: string): Promise<T> {
  const { status, body } = await staffFetch<T>(stack, staff, 'GET', path);
  if (status !== 200) throw new Error(`${path}: ${status}`);
  return body;
}

/** Signs a person up (as the site's form would) and approves them: an invitation is mailed. */
export async function inviteToBeta(
  stack: Stack,
  staff: StaffSession,
  person: { email: string; firstName: string; lastName: string },
): Promise<string> {
  const signup = await fetch(`${stack.apiUrl}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ company: 'Analytical Engines', primaryUse: 'Blog Writing', ...person }),
  });
  if (signup.status !== 201) throw new Error(`waitlist: ${signup.status}`);
  const { id } = (await signup.json()) as { id: string };
  const approval = await staffFetch(stack, staff, 'POST', `/api/admin/beta/approve/${id}`);
  if (approval.status !== 201) throw new Error(`approve: ${approval.status}`);
  return id;
}

/** Approves a waitlist entry again; the answer's status. */
export async function approveAgain(stack: Stack, staff: StaffSession, entryId: string) {
  return (await staffFetch(stack, staff, 'POST', `/api/admin/beta/approve/${entryId}`)).status;
}

/**
 * The accept link of the newest invitation mailed to `email`, as its recipient
 * gets it (the stack's mailbox): the console's outbox shows the link without
 * its token (issue 19).
 */
export async function acceptLinkMailedTo(
  stack: Stack,
  _staff: StaffSession,
  email: string,
): Promise<URL> {
  return stack.mailbox.linkMailedTo(email, '/beta/accept');
}

export async function participantOf(
  stack: Stack,
  staff: StaffSession,
  email: string,
): Promise<BetaParticipant> {
  const list = await staffRead<BetaParticipantList>(stack, staff, '/api/admin/beta/participants');
  const participant = list.participants.find((candidate) => candidate.email === email);
  expect(participant, `participant ${email}`).toBeDefined();
  return participant!;
}

export async function seatsOf(stack: Stack, staff: StaffSession) {
  return (await staffRead<BetaParticipantList>(stack, staff, '/api/admin/beta/participants')).seats;
}

/** The console's view of a waitlist entry. */
export async function waitlistEntryOf(
  stack: Stack,
  staff: StaffSession,
  email: string,
): Promise<WaitlistEntry> {
  const page = await staffRead<{ items: WaitlistEntry[] }>(
    stack,
    staff,
    `/api/admin/waitlist?search=${encodeURIComponent(email)}`,
  );
  const entry = page.items.find((item) => item.email === email);
  expect(entry, `waitlist entry ${email}`).toBeDefined();
  return entry!;
}
