import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/use-context';
import { validBetaFeedback, validWaitlistSignup } from '../helpers/test-app';

const ctx = useTestContext();

const validContact = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lin Chen',
  email: `lin-${Math.random().toString(36).slice(2)}@example.com`,
  subject: 'Agency pricing',
  message: 'Do you plan a plan for agencies with ten seats?',
  status: 'new',
  ...overrides,
});

const post = (url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, payload });

/** Rows anywhere that hold this address: the form's table and the outbox. */
async function traces(email: string) {
  const { db } = ctx.database;
  const lower = email.toLowerCase();
  const [waitlist, contacts, feedback, mail] = await Promise.all([
    db.selectFrom('waitlistEntries').select('id').where('email', '=', lower).execute(),
    db.selectFrom('contactMessages').select('id').where('email', '=', lower).execute(),
    db.selectFrom('betaFeedbackResponses').select('id').where('email', '=', lower).execute(),
    db.selectFrom('emailOutbox').select('id').where('toEmail', '=', lower).execute(),
  ]);
  return {
    rows: waitlist.length + contacts.length + feedback.length,
    mail: mail.length,
  };
}

const forms = [
  {
    name: 'waitlist',
    url: '/api/waitlist',
    valid: () => validWaitlistSignup(),
    answer: { message: 'Successfully joined the waitlist!' },
    mailsWhenReal: 1,
  },
  {
    name: 'contact',
    url: '/api/contact',
    valid: () => validContact(),
    answer: { status: 'new', message: 'Message sent!' },
    mailsWhenReal: 0,
  },
  {
    name: 'survey',
    url: '/api/beta-feedback',
    valid: () =>
      validBetaFeedback({ email: `grace-${Math.random().toString(36).slice(2)}@example.com` }),
    answer: { message: 'Thank you for your feedback!' },
    mailsWhenReal: 0,
  },
];

describe.each(forms)('the $name form honeypot', ({ url, valid, answer, mailsWhenReal }) => {
  it('filled: answers exactly like a success, and stores and mails nothing', async () => {
    const real = await post(url, valid());
    const payload = valid();
    const trapped = await post(url, { ...payload, website: 'https://spam.example' });
    expect(trapped.statusCode).toBe(real.statusCode);
    expect(trapped.statusCode).toBe(201);
    expect(Object.keys(trapped.json()).sort()).toEqual(Object.keys(real.json()).sort());
    expect(trapped.json()).toMatchObject({ ...answer, id: expect.any(String) });
    expect(await traces(payload.email as string)).toEqual({ rows: 0, mail: 0 });
  });

  it('empty: works as before', async () => {
    const payload = valid();
    const response = await post(url, { ...payload, website: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject(answer);
    expect(await traces(payload.email as string)).toEqual({ rows: 1, mail: mailsWhenReal });
  });

  it('a honeypot that is not text is a 400, never a 500', async () => {
    const response = await post(url, { ...valid(), website: { nested: true } });
    expect(response.statusCode).toBe(400);
  });
});
