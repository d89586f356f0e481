import { z } from 'zod';
import { emailAddress, LIMITS, maxLengthMessage, minLengthMessage, requiredText } from './fields';

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

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type AcceptInviteInput = z.input<typeof acceptInviteSchema>;

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

/** The operator's setup token of the first registration: checked (not parsed) by the API. */
export const setupTokenField = z.unknown().optional().meta({ type: 'string' });
