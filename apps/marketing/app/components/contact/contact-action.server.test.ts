// @vitest-environment node
import type { ActionFunctionArgs } from '@remix-run/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '~/env.server';
import { CONTACT_STEPS } from '@repo/validation';
import { contactAction, parseContactForm } from './contact-action.server';
import { CONTACT_FIELDS } from './contact-field-copy';

const api = vi.fn<typeof fetch>();
beforeEach(() => {
  api.mockReset();
  api.mockResolvedValue(
    Response.json({ id: 'm1', status: 'new', message: 'Message sent!' }, { status: 201 }),
  );
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

const VALID = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Enterprise plans',
  message: 'Do you plan SSO for teams?',
};

/** The action's answer to a body posted from a visitor at 203.0.113.9. */
async function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  const request = new Request('http://site.test/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const result = await contactAction({
    request,
    context: { clientIp: '203.0.113.9' },
    params: {},
  } as unknown as ActionFunctionArgs);
  return {
    status: result.init?.status,
    headers: new Headers(result.init?.headers),
    data: result.data,
  };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function apiBody() {
  return JSON.parse(String(api.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
}

describe('the contact page action', () => {
  it('asks, on the page without JavaScript, the overlay’s questions in the steps’ order', () => {
    expect(CONTACT_FIELDS).toEqual(CONTACT_STEPS);
  });

  it('sends the four fields trimmed, status new and the honeypot to the API, as the visitor', async () => {
    const answer = await post(
      form({ ...VALID, name: '  Ada Lovelace ', website: '', status: 'replied', company: 'X' }),
    );
    expect(answer).toMatchObject({ status: 200, data: { outcome: 'sent' } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const [url, init] = api.mock.calls[0]!;
    expect(String(url)).toBe(`${env.API_URL}/api/contact`);
    expect(new Headers(init?.headers).get('x-forwarded-for')).toBe('203.0.113.9');
    // Only the public form's fields: the status is always new, no company.
    expect(apiBody()).toEqual({ ...VALID, status: 'new', website: '' });
  });

  it('passes on what a bot wrote into the honeypot', async () => {
    await post(form({ ...VALID, website: 'https://spam.example' }));
    expect(apiBody().website).toBe('https://spam.example');
  });

  it('answers 400 with each field’s message and the values typed, without calling the API', async () => {
    const answer = await post(form({ name: 'A', email: 'not-an-email', subject: 'Hi' }));
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      outcome: 'invalid',
      values: { name: 'A', email: 'not-an-email', subject: 'Hi', message: '' },
      errors: {
        name: 'Name is required',
        email: 'Please enter a valid email address',
        subject: 'Subject is required',
        message: 'Message must be at least 10 characters',
      },
    });
    expect(api).not.toHaveBeenCalled();
  });

  it('reads a body that is not a form as an empty form: 400, never a 500', async () => {
    for (const [body, type] of [
      ['{"name":"Ada"}', 'application/json'],
      ['name=Ada', 'text/plain'],
      ['--x\r\nbroken', 'multipart/form-data'],
      [null, 'application/x-www-form-urlencoded'],
      ['%E0%A4%A=%%&name', 'application/x-www-form-urlencoded'],
    ] as const) {
      const answer = await post(body, { 'content-type': type });
      expect(answer.status, `${type} ${body}`).toBe(400);
      expect(answer.data).toMatchObject({ outcome: 'invalid' });
    }
    expect(api).not.toHaveBeenCalled();
  });

  it('takes a file field as no value', () => {
    const data = new FormData();
    data.set('name', new Blob(['Ada']), 'name.txt');
    expect(parseContactForm(data).errors.name).toBe('Name is required');
  });

  it('refuses a body over BODY_LIMIT_BYTES, declared or streamed, before reading it all', async () => {
    const declared = await post(form(VALID), {
      'content-length': String(env.BODY_LIMIT_BYTES + 1),
    });
    expect(declared.status).toBe(413);
    expect(declared.headers.get('connection')).toBe('close');

    let pulled = 0;
    const chunk = new TextEncoder().encode(`message=${'a'.repeat(16 * 1024)}`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = await post(endless);
    expect(streamed.status).toBe(413);
    expect(streamed.data).toMatchObject({ outcome: 'failed', failure: 'too-large' });
    expect(pulled).toBeLessThan(env.BODY_LIMIT_BYTES + 3 * chunk.byteLength);
    expect(api).not.toHaveBeenCalled();
  });

  it('keeps the values and names the failure when the API refuses, fails or cannot be reached', async () => {
    const cases: [() => Promise<Response>, number, string][] = [
      [async () => Response.json({ message: 'Too many' }, { status: 429 }), 429, 'rate-limited'],
      [async () => new Response('down', { status: 500 }), 503, 'unavailable'],
      [async () => new Response('bad gateway', { status: 502 }), 503, 'unavailable'],
      [async () => Response.json({ message: 'No' }, { status: 400 }), 400, 'refused'],
      [() => Promise.reject(new TypeError('fetch failed')), 502, 'unreachable'],
    ];
    for (const [reply, status, failure] of cases) {
      api.mockReset();
      api.mockImplementationOnce(reply);
      const answer = await post(form(VALID));
      expect(answer.status, failure).toBe(status);
      expect(answer.data).toEqual({ outcome: 'failed', values: VALID, failure });
    }
  });
});
