import { BUILT_IN_ROLES, type BuiltInRoleKey } from '@repo/validation';
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status?: number; body?: unknown; text?: string };
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * Stubs fetch with a table of 'METHOD /path' handlers (the path without its
 * query string) and records every call, so a test can assert on what was sent.
 * Unknown routes answer 404 and fail loudly in the recorded calls. The session
 * (GET /api/user) is an Owner's unless the table says otherwise.
 */
export function mockApi(table: Record<string, Handler | Reply>) {
  const routes: Record<string, Handler | Reply> = { 'GET /api/user': adminUser, ...table };
  const session = routes['GET /api/user'];
  signedInUser =
    typeof session === 'object' && (session.status ?? 200) === 200 ? session.body : undefined;
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://admin.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path: `${url.pathname}${url.search}`, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) {
      return new Response(JSON.stringify({ message: `No mock for ${method} ${url.pathname}` }), {
        status: 404,
      });
    }
    const reply = typeof route === 'function' ? await route(call) : route;
    const status = reply.status ?? 200;
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': reply.text ? 'text/plain' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

let signedInUser: unknown;

/**
 * The signed-in user the last mockApi answers GET /api/user with, if it answers
 * with one (not a 401, not a function): render.tsx starts the session with it, as
 * the console shows a tab only once the session is known.
 */
export function mockedSessionUser(): unknown {
  return signedInUser;
}

export const noSession = { status: 401, body: { message: 'Not authenticated' } };

/** A signed-in member of staff with one of the built-in roles (issue 19). */
export function staffUser(roleKey: BuiltInRoleKey, id = `u-${roleKey}`) {
  const role = BUILT_IN_ROLES[roleKey];
  return {
    body: {
      id,
      username: roleKey === 'owner' ? 'admin' : roleKey,
      email: `${roleKey}@wordloom.test`,
      name: roleKey === 'owner' ? 'Ada Admin' : `${role.name} Person`,
      status: 'active' as const,
      role: { id: `role-${roleKey}`, key: roleKey, name: role.name },
      permissions: [...role.permissions],
    },
  };
}

/** The Owner: every permission. */
export const adminUser = staffUser('owner', 'u1');
