// @vitest-environment node
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invitationAction } from '~/components/beta/invitation-acceptance.server';
import {
  confirmationAction,
  confirmationLoader,
  statusLoader,
} from '~/components/waitlist/waitlist-place.server';
import { env } from '~/env.server';
import { LINK_FORM_LIMIT_BYTES } from './link-token.server';

/*
 * The actions and loaders of the pages behind mailed links (issue 22): what they
 * read, what they send the API, and what they answer, never a 500.
 */

const TOKEN = 'tok_0123456789abcdefghijKLMNOP';
const PLACE = {
  state: 'queued',
  position: 7,
  ahead: 6,
  total: 7,
  referralCount: 0,
  referralUrl: 'http://site.test/beta?ref=ABC123',
  boostPlaces: 5,
};

const api = vi.fn<typeof fetch>();
beforeEach(() => {
  api.mockReset();
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

const VISITOR = { clientIp: '203.0.113.9' };

interface Answer {
  status: number | undefined;
  headers: Headers;
  data: unknown;
}

function unwrap(result: { data: unknown; init: ResponseInit | null }): Answer {
  return {
    status: result.init?.status ?? 200,
    headers: new Headers(result.init?.headers),
    data: result.data,
  };
}

type Action = typeof confirmationAction | typeof invitationAction;

/** The action's answer to a body posted from a visitor at 203.0.113.9. */
async function post(
  action: Action,
  path: string,
  body: BodyInit | null,
  headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' },
): Promise<Answer> {
  const request = new Request(`http://site.test${path}`, {
    method: 'POST',
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return unwrap(
    await action({ request, context: VISITOR, params: {} } as unknown as ActionFunctionArgs),
  );
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function apiCall() {
  const [url, init] = api.mock.calls[0]!;
  return {
    url: String(url),
    method: init?.method,
    headers: new Headers(init?.headers),
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  };
}

describe('the confirmation page', () => {
  it('reads the token from the address, and answers no-store', () => {
    const result = unwrap(
      confirmationLoader({
        request: new Request(`http://site.test/waitlist/confirm?token=${TOKEN}`),
      } as LoaderFunctionArgs),
    );
    expect(result.data).toEqual({ token: TOKEN });
    expect(result.headers.get('cache-control')).toBe('no-store');
    // The GET confirmed nothing: the API was not called.
    expect(api).not.toHaveBeenCalled();
  });

  it('confirms the posted token through the API, as the visitor, and answers the place', async () => {
    api.mockResolvedValue(Response.json(PLACE));
    const answer = await post(confirmationAction, '/waitlist/confirm', form({ token: TOKEN }));
    expect(answer).toMatchObject({ status: 200, data: { outcome: 'place', place: PLACE } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const call = apiCall();
    expect(call).toMatchObject({
      url: `${env.API_URL}/api/waitlist/confirm`,
      method: 'POST',
      body: { token: TOKEN },
    });
    expect(call.headers.get('x-forwarded-for')).toBe('203.0.113.9');
  });

  it.each([
    ['no token', form({})],
    ['a token the site never sends', form({ token: 'short' })],
    ['a token with a quote in it', form({ token: `${TOKEN}"<x>` })],
    ['a body that is not a form', 'garbage'],
  ])('refuses %s with a 400, without asking the API', async (_case, body) => {
    const answer = await post(confirmationAction, '/waitlist/confirm', body);
    expect(answer).toMatchObject({
      status: 400,
      data: { outcome: 'failed', status: 400, message: 'This link is invalid or incomplete.' },
    });
    expect(answer.data).toMatchObject({ token: null });
    expect(api).not.toHaveBeenCalled();
  });

  it('refuses a body larger than the limit unread (413), without asking the API', async () => {
    const answer = await post(
      confirmationAction,
      '/waitlist/confirm',
      form({ token: TOKEN, padding: 'x'.repeat(LINK_FORM_LIMIT_BYTES) }),
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.get('connection')).toBe('close');
    expect(api).not.toHaveBeenCalled();
  });

  it.each([
    [404, 'This confirmation link is invalid or has already been used.'],
    [
      410,
      'This confirmation link has expired. Join the waitlist again with the same address to get a new one.',
    ],
    [429, 'Too many requests, please try again in 1 minute'],
  ])('answers the API %i with its message, keeping the token', async (status, message) => {
    api.mockResolvedValue(Response.json({ message, type: 'x' }, { status }));
    const answer = await post(confirmationAction, '/waitlist/confirm', form({ token: TOKEN }));
    expect(answer).toMatchObject({
      status,
      data: { outcome: 'failed', status, message, token: TOKEN },
    });
  });

  it.each([
    ['fails', async () => new Response('down', { status: 500 }), 503, 'technical difficulties'],
    [
      'cannot be reached',
      () => Promise.reject(new TypeError('fetch failed')),
      502,
      'We could not reach the server',
    ],
  ])('says so when the API %s (%i), never a 500', async (_case, reply, status, message) => {
    api.mockImplementation(reply);
    const answer = await post(confirmationAction, '/waitlist/confirm', form({ token: TOKEN }));
    expect(answer.status).toBe(status);
    expect(answer.data).toMatchObject({ outcome: 'failed', token: TOKEN });
    expect((answer.data as { message: string }).message).toContain(message);
  });
});

describe('the status page', () => {
  async function load(query: string) {
    return unwrap(
      await statusLoader({
        request: new Request(`http://site.test/waitlist/status${query}`),
        context: VISITOR,
        params: {},
      } as unknown as LoaderFunctionArgs),
    );
  }

  it('reads the place of the address token through the API, as the visitor, no-store', async () => {
    api.mockResolvedValue(Response.json(PLACE));
    const answer = await load(`?token=${TOKEN}`);
    expect(answer).toMatchObject({ status: 200, data: { outcome: 'place', place: PLACE } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const call = apiCall();
    expect(call.url).toBe(`${env.API_URL}/api/waitlist/status?token=${TOKEN}`);
    expect(call.headers.get('x-forwarded-for')).toBe('203.0.113.9');
  });

  it('says a link without a token or with an overlong one is invalid, without asking the API', async () => {
    // Without a token the page is there to say so, as the other link pages are.
    expect(await load('')).toMatchObject({
      status: 200,
      data: { message: 'This link is invalid or incomplete.' },
    });
    expect(await load(`?token=${'a'.repeat(201)}`)).toMatchObject({
      status: 400,
      data: { message: 'This link is invalid.' },
    });
    expect(api).not.toHaveBeenCalled();
  });

  it('answers a forged link with the API 404 and its message, no-store', async () => {
    api.mockResolvedValue(Response.json({ message: 'This link is invalid.' }, { status: 404 }));
    const answer = await load('?token=forged');
    expect(answer).toMatchObject({
      status: 404,
      data: { outcome: 'failed', message: 'This link is invalid.' },
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the invitation page', () => {
  it('accepts the posted token through the API, as the visitor', async () => {
    api.mockResolvedValue(Response.json({ message: 'ok', firstName: 'Ada' }));
    const answer = await post(invitationAction, '/beta/accept', form({ token: TOKEN }));
    expect(answer).toMatchObject({ status: 200, data: { kind: 'accepted', firstName: 'Ada' } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(apiCall()).toMatchObject({
      url: `${env.API_URL}/api/beta/invitations/accept`,
      method: 'POST',
      body: { token: TOKEN },
    });
  });

  it.each([
    [410, 'This invitation has expired', { kind: 'expired' }],
    [404, 'This invitation link no longer works', { kind: 'used' }],
    [400, 'This invitation link is invalid or incomplete', { kind: 'invalid' }],
    [429, 'Too many requests', { kind: 'failed', token: TOKEN }],
  ])('answers the API %i as the page shows it', async (status, message, data) => {
    api.mockResolvedValue(Response.json({ message }, { status }));
    const answer = await post(invitationAction, '/beta/accept', form({ token: TOKEN }));
    expect(answer).toMatchObject({ status, data });
  });

  it('refuses a malformed token (400) and a body over the limit (413) without asking the API', async () => {
    expect(await post(invitationAction, '/beta/accept', form({ token: 'a b' }))).toMatchObject({
      status: 400,
      data: { kind: 'invalid' },
    });
    expect(
      await post(invitationAction, '/beta/accept', form({ token: 'x'.repeat(5000) })),
    ).toMatchObject({ status: 413 });
    expect(api).not.toHaveBeenCalled();
  });
});
