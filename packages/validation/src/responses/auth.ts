import { z } from 'zod';
import { permissionSchema, roleRefSchema } from '../roles';
import { secondFactorRequiredSchema } from '../two-factor';

export const ACCOUNT_STATUSES = ['pending', 'active', 'disabled'] as const;

/** A staff account as the API shows it: never its password hash. */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
});

/**
 * The signed-in account (GET /api/user, sign-in, registration, an accepted
 * invitation): its role and what it may do, so the console hides the rest (issue 19).
 */
export const signedInUserSchema = publicUserSchema.extend({
  role: roleRefSchema,
  permissions: z.array(permissionSchema),
  /**
   * The two-factor policy requires a second factor this account has not set up:
   * every admin route answers 403 second_factor_enrolment_required until it does.
   */
  mustEnrolSecondFactor: z.boolean().optional(),
});

/** POST /api/login (200): signed in, or the second factor is awaited (no session yet). */
export const loginResponseSchema = z.union([signedInUserSchema, secondFactorRequiredSchema]);

/** GET /api/setup-status: true while no account exists (the first one needs the setup token). */
export const setupStatusSchema = z.object({ needsSetup: z.boolean() });

/** POST /api/register after the first account: no session until the emailed link is opened. */
export const pendingRegistrationSchema = z.object({
  status: z.literal('pending'),
  message: z.string(),
});

/** POST /api/register (201): the first account signed in, or a pending one. */
export const registerResponseSchema = z.union([signedInUserSchema, pendingRegistrationSchema]);

/** GET /api/invite?token= */
export const inviteDetailsSchema = z.object({ email: z.string() });
