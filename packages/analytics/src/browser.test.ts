import { analyticsEventSchema } from '@repo/validation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installInteractionTracking } from './browser';
import { createTracker } from './tracker';

describe('form submissions', () => {
  let uninstall: () => void = () => undefined;
  afterEach(() => {
    uninstall();
    document.body.innerHTML = '';
  });

  it('send the form id, the field names and whether each was filled, never the values', async () => {
    const fetchMock = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) =>
        new Response(null, { status: 202 }),
    );
    const tracker = createTracker({
      endpoint: '/api/analytics/events',
      fetch: fetchMock as unknown as typeof fetch,
      sessionId: 's',
      onError: () => undefined,
    });
    uninstall = installInteractionTracking(tracker, window);
    document.body.innerHTML = `
      <form id="contact-form">
        <input name="email" value="ada@example.com">
        <textarea name="message">Call me on 020 7946 0000</textarea>
        <input name="company" value="  ">
        <input name="password" value="hunter2">
        <input name="website" value="">
      </form>`;
    document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true }));
    await tracker.flush();
    const body = String(fetchMock.mock.calls[0]?.[1]?.body);
    const [event] = (JSON.parse(body) as { events: { type: string; data: object }[] }).events;
    expect(event?.type).toBe('form_submit');
    expect(event?.data).toMatchObject({
      formId: 'contact-form',
      fields: { email: true, message: true, company: false },
    });
    expect(Object.keys((event?.data as { fields: object }).fields).sort()).toEqual([
      'company',
      'email',
      'message',
    ]);
    expect(body).not.toContain('ada@example.com');
    expect(body).not.toContain('7946');
    expect(body).not.toContain('hunter2');
    expect(analyticsEventSchema.safeParse(event).success).toBe(true);
  });
});
