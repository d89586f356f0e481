import { WAITLIST_MESSAGES } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/use-context';
import { validWaitlistSignup } from '../helpers/test-app';

const ctx = useTestContext();

const post = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/waitlist', payload: payload as object });

async function rowsFor(email: string) {
  return ctx.database.db
    .selectFrom('waitlistEntries')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
}

describe('POST /api/waitlist', () => {
  it('stores a valid signup and answers 201', async () => {
    const signup = validWaitlistSignup();
    const response = await post(signup);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ id: expect.any(String) });
    const [row] = await rowsFor(signup.email);
    expect(row).toMatchObject({
      companyName: signup.company,
      primaryUse: 'Blog Writing',
      userType: 'Agency',
    });
  });

  it('accepts the two optional fields left blank', async () => {
    const signup = validWaitlistSignup({ contentWorkflow: '', userType: '' });
    expect((await post(signup)).statusCode).toBe(201);
    const [row] = await rowsFor(signup.email);
    expect(row).toMatchObject({ contentWorkflow: null, userType: null });
  });

  it.each([
    ['email', 'not-an-email', WAITLIST_MESSAGES.email],
    ['firstName', 'A', WAITLIST_MESSAGES.firstName],
    ['lastName', ' ', WAITLIST_MESSAGES.lastName],
    ['company', 'X', WAITLIST_MESSAGES.company],
    ['primaryUse', '', WAITLIST_MESSAGES.primaryUse],
    ['primaryUse', 'Poetry', WAITLIST_MESSAGES.primaryUse],
    ['userType', 'Robot', undefined],
  ])('rejects %s=%j with the spec message and stores nothing', async (field, value, message) => {
    const signup = validWaitlistSignup({ [field]: value });
    const response = await post(signup);
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      message: string;
      type: string;
      issues: { path: string; message: string }[];
    }>();
    expect(body.type).toBe('validation_error');
    expect(body.issues.map((issue) => issue.path)).toContain(field);
    if (message) expect(body.issues.find((issue) => issue.path === field)?.message).toBe(message);
    expect(await rowsFor(signup.email)).toHaveLength(0);
  });

  it('answers 409 duplicate_email for an address already listed in another case', async () => {
    const signup = validWaitlistSignup({ email: 'Repeat.Person@Example.com' });
    expect((await post(signup)).statusCode).toBe(201);
    const again = await post({ ...signup, email: 'repeat.person@EXAMPLE.COM' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ type: 'duplicate_email', message: expect.any(String) });
    expect(await rowsFor(signup.email)).toHaveLength(1);
  });

  it('leaves exactly one row when the same address signs up 20 times at once', async () => {
    const email = 'race@example.com';
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        post(validWaitlistSignup({ email: index % 2 ? email.toUpperCase() : email })),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await rowsFor(email)).toHaveLength(1);
  });
});
