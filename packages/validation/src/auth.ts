import { z } from './zod-config';
import { emailAddress, LIMITS, maxLengthMessage, minLengthMessage, requiredText } from './fields';
import { permissionSchema, roleRefSchema } from './roles';
import { publicUserSchema } from './staff-accounts';
import type { QueryParams } from './paging';
import { secondFactorRequiredSchema } from './two-factor';

/*
 * Signing in and joining the staff (spec section 5, issue 19): login, the
 * registration of the first account or a pending one, an accepted invitation and
 * a confirmed address. The accounts themselves are in staff-accounts.ts.
 */

/** New passwords need 8 characters; the Login form keeps the spec's 4 for typing. */
export const NEW_PASSWORD_MIN = 8;

export const AUTH_MESSAGES = {
  username: minLengthMessage('Username', LIMITS.usernameMin),
  password: minLengthMessage('Password', LIMITS.passwordMin),
  // The spec's own wording for the register form, shorter than the other forms' message.
  email: 'Please enter a valid email',
  name: minLengthMessage('Name', LIMITS.nameMin),
  /** New passwords (register, accept an invitation): NIST SP 800-63B minimum. */
  newPassword: minLengthMessage('Password', NEW_PASSWORD_MIN),
} as const;

const passwordTooLong = maxLengthMessage(LIMITS.passwordMax, 'Password');

// Spec section 5 (login and register).
export const loginSchema = z.object({
  username: requiredText(LIMITS.usernameMin, AUTH_MESSAGES.username),
  // Passwords are never trimmed: spaces are part of them.
  password: z
    .string({ error: AUTH_MESSAGES.password })
    .min(LIMITS.passwordMin, { error: AUTH_MESSAGES.password })
    .max(LIMITS.passwordMax, { error: passwordTooLong }),
});

/**
 * A password for a new account. The API also refuses the 10,000 most common
 * passwords; that list stays on the server (it is not part of this schema).
 */
export const newPassword = z
  .string({ error: AUTH_MESSAGES.newPassword })
  .min(NEW_PASSWORD_MIN, { error: AUTH_MESSAGES.newPassword })
  .max(LIMITS.passwordMax, { error: passwordTooLong });

export const registerSchema = loginSchema.extend({
  password: newPassword,
  email: emailAddress(AUTH_MESSAGES.email),
  name: requiredText(LIMITS.nameMin, AUTH_MESSAGES.name),
});

/** POST /api/accept-invite: the invited address comes from the token. */
export const acceptInviteSchema = z.object({
  token: z.string().max(200).optional(),
  username: requiredText(LIMITS.usernameMin, AUTH_MESSAGES.username),
  name: requiredText(LIMITS.nameMin, AUTH_MESSAGES.name),
  password: newPassword,
});

/** The Login form's values (the body of POST /api/login). */
export type LoginInput = z.input<typeof loginSchema>;
export type LoginRequest = z.input<typeof loginSchema>;
/** The Register form's values. */
export type RegisterInput = z.input<typeof registerSchema>;
/**
 * POST /api/register body; `setupToken` only for the first account. The API
 * extends the shared schema with the token inside its route (not here), so the
 * token is added to the type.
 */
export type RegisterRequest = RegisterInput & { setupToken?: string };
export type AcceptInviteRequest = z.input<typeof acceptInviteSchema>;

/**
 * The single-use link of a staff account email (verify, invite) as a client
 * may send it: any value, checked by the API (anything but a well-formed, valid
 * token is the same 400 invalid_token). Documented as the string it should be.
 */
const accountLinkToken = z.unknown().optional().meta({ type: 'string' });

/** A body that is not a JSON object carries no token (and so is the same 400). */
export const objectOrEmpty = (body: unknown): object =>
  body && typeof body === 'object' && !Array.isArray(body) ? body : {};

/** POST /api/verify-email, /api/accept-invite: `{ token }`. */
export const accountLinkTokenBodySchema = z.preprocess(
  objectOrEmpty,
  z.object({ token: accountLinkToken }),
);
/** GET /api/invite?token= */
export const accountLinkTokenQuerySchema = z.object({ token: accountLinkToken });
/** GET /api/invite?token= */
export type InviteQuery = QueryParams<typeof accountLinkTokenQuerySchema>;

/** The operator's setup token of the first registration: checked (not parsed) by the API. */
export const setupTokenField = z.unknown().optional().meta({ type: 'string' });

/** POST /api/verify-email: the emailed link's token and the password of the account. */
export const verifyEmailSchema = z.object({
  token: z.string().max(200).optional(),
  password: newPassword,
});
/** POST /api/verify-email: whoever opens the link sets the password (issue 19). */
export type VerifyEmailRequest = z.input<typeof verifyEmailSchema>;

/** POST /api/verify-email (200): the account is active; sign in with this username. */
export const verifyEmailResponseSchema = z.object({
  message: z.string(),
  username: z.string(),
});
export type VerifyEmailResponse = z.output<typeof verifyEmailResponseSchema>;

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
/** The signed-in account, with its role and permissions (issue 19). */
export type User = z.output<typeof signedInUserSchema>;

/** POST /api/login (200): signed in, or the second factor is awaited (no session yet). */
export const loginResponseSchema = z.union([signedInUserSchema, secondFactorRequiredSchema]);
/** POST /api/login: signed in, or the second factor is awaited (issue 19). */
export type LoginResponse = z.output<typeof loginResponseSchema>;

/** GET /api/setup-status: true while no account exists (the first one needs the setup token). */
export const setupStatusSchema = z.object({ needsSetup: z.boolean() });
export type SetupStatus = z.output<typeof setupStatusSchema>;

/** POST /api/register after the first account: no session until the emailed link is opened. */
export const pendingRegistrationSchema = z.object({
  status: z.literal('pending'),
  message: z.string(),
});
export type PendingRegistration = z.output<typeof pendingRegistrationSchema>;

/** POST /api/register (201): the first account signed in, or a pending one. */
export const registerResponseSchema = z.union([signedInUserSchema, pendingRegistrationSchema]);
export type RegisterResponse = z.output<typeof registerResponseSchema>;

/** GET /api/invite?token= */
export const inviteDetailsSchema = z.object({ email: z.string() });
export type InviteDetails = z.output<typeof inviteDetailsSchema>;
