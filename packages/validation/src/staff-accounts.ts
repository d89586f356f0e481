import { z } from './zod-config';
import { isoTimestamp, uuidParam } from './common';
import { emailAddress, INVALID_EMAIL_MESSAGE } from './fields';
import { roleRefSchema } from './roles';

/*
 * Staff accounts (issue 19): the person who proves the mailbox sets the password,
 * pending registrations expire, and only a signed-in session changes accounts.
 * Signing in, registering and accepting an invitation are in auth.ts.
 */

export const ACCOUNT_STATUSES = ['pending', 'active', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

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
  invitationNotFound: 'Invitation not found',
  invitationRevoked: 'Invitation revoked',
  emailConfirmed: 'Email confirmed. You can now sign in.',
} as const;

// The console's invite form (issue 8).
export const STAFF_MESSAGES = {
  email: INVALID_EMAIL_MESSAGE,
} as const;

export const inviteStaffSchema = z.object({
  email: emailAddress(STAFF_MESSAGES.email),
  /** The role the invitation gives (issue 19); Viewer when left out. */
  roleId: z.string().min(1).max(100).optional(),
});
export type InviteStaffRequest = z.input<typeof inviteStaffSchema>;

/** A staff account as the API shows it: never its password hash. */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
});

export const staffAccountSchema = publicUserSchema.extend({
  status: z.enum(ACCOUNT_STATUSES),
  createdAt: isoTimestamp,
  emailVerifiedAt: isoTimestamp.nullable(),
  disabledAt: isoTimestamp.nullable(),
  activeSessions: z.number(),
  /** Issue 19: the account's role. */
  role: roleRefSchema,
});
export type StaffAccount = z.output<typeof staffAccountSchema>;
export const staffAccountListSchema = z.object({ accounts: z.array(staffAccountSchema) });
export type StaffAccountList = z.output<typeof staffAccountListSchema>;
export const staffAccountResponseSchema = z.object({ account: staffAccountSchema });
export type StaffAccountResponse = z.output<typeof staffAccountResponseSchema>;

export const staffSessionSchema = z.object({
  id: z.string(),
  createdAt: isoTimestamp,
  lastSeenAt: isoTimestamp.nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type StaffSession = z.output<typeof staffSessionSchema>;
export const staffSessionListSchema = z.object({ sessions: z.array(staffSessionSchema) });
export type StaffSessionList = z.output<typeof staffSessionListSchema>;

/** An account's session in a path: the account's UUID and the session's public id (16 hex digits). */
export function staffSessionParamsSchema(accountNotFound: string, sessionNotFound: string) {
  return z.object({
    id: uuidParam(accountNotFound),
    sessionId: z.string().regex(/^[0-9a-f]{16}$/, { error: sessionNotFound }),
  });
}

/**
 * An open staff invitation (issue 31): unused, unrevoked, unexpired. `invitedBy`
 * is null when the inviting account is gone.
 */
export const staffInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleRefSchema,
  invitedBy: z.object({ id: z.string(), username: z.string(), name: z.string() }).nullable(),
  createdAt: isoTimestamp,
  expiresAt: isoTimestamp,
});
export type StaffInvitation = z.output<typeof staffInvitationSchema>;
/** GET /api/admin/accounts/invitations (staff:manage). */
export const staffInvitationListSchema = z.object({
  invitations: z.array(staffInvitationSchema),
});
export type StaffInvitationList = z.output<typeof staffInvitationListSchema>;
