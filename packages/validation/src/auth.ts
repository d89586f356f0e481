import { z } from 'zod';
import { emailAddress, LIMITS, requiredText } from './fields';

export const AUTH_MESSAGES = {
  username: 'Username must be at least 2 characters',
  password: 'Password must be at least 4 characters',
  email: 'Please enter a valid email',
  name: 'Name must be at least 2 characters',
} as const;

// Spec section 5 (login and register).
export const loginSchema = z.object({
  username: requiredText(LIMITS.usernameMin, AUTH_MESSAGES.username),
  // Passwords are never trimmed: spaces are part of them.
  password: z
    .string({ error: AUTH_MESSAGES.password })
    .min(LIMITS.passwordMin, { error: AUTH_MESSAGES.password })
    .max(LIMITS.passwordMax, {
      error: `Password must be at most ${LIMITS.passwordMax} characters`,
    }),
});

export const registerSchema = loginSchema.extend({
  email: emailAddress(AUTH_MESSAGES.email),
  name: requiredText(LIMITS.nameMin, AUTH_MESSAGES.name),
});

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
