import { CONTACT_MESSAGES } from '@repo/validation';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/use-context';

const ctx = useTestContext();

const validContact = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lin Chen',
  email: 'lin@example.com',
  subject: 'Agency pricing',
  message: 'Do you plan a plan for agencies with ten seats?',
  status: 'new',
  ...overrides,
});

describe('POST /api/contact', () => {
  it("stores the message with status 'new'", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: validContact(),
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const row = await ctx.database.db
      .selectFrom('contactMessages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'new', subject: 'Agency pricing', name: 'Lin Chen' });
  });

  it('refuses to create a message with another status', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: validContact({ status: 'replied' }),
    });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['name', 'L', CONTACT_MESSAGES.name],
    ['email', 'lin@', CONTACT_MESSAGES.email],
    ['subject', 'Hey', CONTACT_MESSAGES.subject],
    ['message', 'Too short', CONTACT_MESSAGES.message],
    ['message', undefined, CONTACT_MESSAGES.message],
  ])('rejects %s=%j with "%s"', async (field, value, message) => {
    const before = await ctx.database.db
      .selectFrom('contactMessages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: validContact({ [field]: value }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: field, message });
    const after = await ctx.database.db
      .selectFrom('contactMessages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
