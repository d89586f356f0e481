import { z } from 'zod';

export const ACCOUNT_STATUSES = ['pending', 'active', 'disabled'] as const;

/** A staff account as the API shows it: never its password hash. */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
});

/** GET /api/setup-status: true while no account exists (the first one needs the setup token). */
export const setupStatusSchema = z.object({ needsSetup: z.boolean() });

/** POST /api/register after the first account: no session until the emailed link is opened. */
export const pendingRegistrationSchema = z.object({
  status: z.literal('pending'),
  message: z.string(),
});

/** POST /api/register (201): the first account signed in, or a pending one. */
export const registerResponseSchema = z.union([publicUserSchema, pendingRegistrationSchema]);

/** GET /api/invite?token= */
export const inviteDetailsSchema = z.object({ email: z.string() });
