import { z } from 'zod';
import { newPassword } from './auth';

/*
 * Staff accounts (issue 19): the person who proves the mailbox sets the password,
 * pending registrations expire, and only a signed-in session changes accounts.
 */

/** A registration nobody confirmed is deleted after this many days, and its link no longer works. */
export const PENDING_ACCOUNT_DAYS = 7;

export const STAFF_ACCOUNT_MESSAGES = {
  sessionRequired: 'Staff accounts are changed from a signed-in session, not with an API key.',
  enableNotDisabled: 'Only a disabled account can be enabled.',
  enablePending:
    'A pending account cannot be enabled: it becomes active when its owner opens the emailed link and sets a password. Delete it instead if it is not wanted.',
  disableNotActive: 'Only an active account can be disabled.',
  deleteNotPending: 'Only a pending account can be deleted: disable an active account instead.',
  pendingDeleted: 'Pending account deleted',
  emailConfirmed: 'Email confirmed. You can now sign in.',
} as const;

/** POST /api/verify-email: the emailed link's token and the password of the account. */
export const verifyEmailSchema = z.object({
  token: z.string().max(200).optional(),
  password: newPassword,
});
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** POST /api/verify-email (200): the account is active; sign in with this username. */
export const verifyEmailResponseSchema = z.object({
  message: z.string(),
  username: z.string(),
});
export type VerifyEmailResponse = z.output<typeof verifyEmailResponseSchema>;
