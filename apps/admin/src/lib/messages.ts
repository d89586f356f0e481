/**
 * The console's toast titles and fixed sentences, written once (spec section 8).
 * Validation messages live in @repo/validation.
 */
export const TOAST = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  logoutFailed: 'Logout failed',
  exportSuccessful: 'Export successful',
  exportFailed: 'Export failed',
  statusUpdated: 'Status updated',
  updateFailed: 'Update failed',
  apiKeyCreated: 'API key created',
  inviteCodeCreated: 'Invite code created',
  viewSaved: 'View saved',
  viewDeleted: 'View deleted',
  deleteFailed: 'Delete failed',
  creationFailed: 'Creation failed',
  apiKeyRevoked: 'API key revoked',
  revocationFailed: 'Revocation failed',
  betaInvitationSent: 'Beta invitation sent',
  approvalFailed: 'Approval failed',
  updateEmailSent: 'Update email sent',
  emailFailed: 'Email failed',
  invitationResent: 'Invitation resent',
  resendFailed: 'Resend failed',
  autoFillOn: 'Auto-fill on',
  autoFillOff: 'Auto-fill off',
  confirmationResent: 'Confirmation resent',
  testEmailSent: 'Test email sent',
  bulkEmailSent: 'Bulk email sent',
  bulkEmailFailed: 'Bulk email failed',
  copied: 'Copied!',
  copiedDescription: 'API key copied to clipboard',
  copyFailed: 'Copy failed',
  copyFailedDescription: 'Failed to copy to clipboard',
  checkYourInbox: 'Check your inbox',
  invitationSent: 'Invitation sent',
  invitationFailed: 'Invitation failed',
  sessionEnded: 'Session ended',
  endSessionFailed: 'Could not end the session',
  accountDisabled: 'Account disabled',
  accountEnabled: 'Account enabled',
  deleted: 'Deleted permanently',
  deletionFailed: 'Deletion failed',
  erasureDone: 'Erasure complete',
  erasureFailed: 'Erasure failed',
  roleCreated: 'Role created',
  roleSaved: 'Role saved',
  roleDeleted: 'Role deleted',
  roleChanged: 'Role changed',
  passkeyAdded: 'Passkey added',
  passkeyFailed: 'Passkey not added',
  passkeyRemoved: 'Passkey removed',
  passkeyRemoveFailed: 'Passkey not removed',
} as const;

export const REVOKE_CONFIRMATION =
  'Are you sure you want to revoke this API key? This action cannot be undone.';

export const NEW_KEY_NOTICE =
  'This is the only time the full key is shown. Copy it now and store it somewhere safe.';

/** Issue 19: shown while "No expiry" is chosen for a new API key. */
export const NO_EXPIRY_WARNING =
  'This key never expires: it works until someone revokes it. Prefer an expiry, and make a new key when it ends.';

/** Issue 19: a key is given only what its job needs, from what its creator may do. */
export const API_KEY_SCOPE_HINT =
  'A key can do only what is chosen here, and never more than you can. Managing staff and API keys is never given to a key.';

/** Issue 8: the first account of an installation needs the operator's setup token. */
export const SETUP_TOKEN_HINT = 'Printed in the API log at start, or set as ADMIN_SETUP_TOKEN.';

export function disableConfirmation(username: string): string {
  return `Disable ${username}? They are signed out everywhere and cannot sign in until enabled again.`;
}

/** The right to erasure: asked before a waitlist entry or a contact message is deleted. */
export const DELETE_CONFIRMATION =
  'Delete permanently? This removes the entry, its emails and the analytics that name it. This cannot be undone.';

export const ERASE_PERSON_CONFIRMATION =
  'Erase everything stored about this email address? This removes its waitlist entry, messages, survey answers, beta participation, emails and the analytics that name it. This cannot be undone.';
