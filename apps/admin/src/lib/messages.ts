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
  creationFailed: 'Creation failed',
  apiKeyRevoked: 'API key revoked',
  revocationFailed: 'Revocation failed',
  betaInvitationSent: 'Beta invitation sent',
  approvalFailed: 'Approval failed',
  updateEmailSent: 'Update email sent',
  emailFailed: 'Email failed',
  invitationResent: 'Invitation resent',
  resendFailed: 'Resend failed',
  testEmailSent: 'Test email sent',
  bulkEmailSent: 'Bulk email sent',
  bulkEmailFailed: 'Bulk email failed',
  copied: 'Copied!',
  copiedDescription: 'API key copied to clipboard',
  copyFailed: 'Copy failed',
  copyFailedDescription: 'Failed to copy to clipboard',
} as const;

export const REVOKE_CONFIRMATION =
  'Are you sure you want to revoke this API key? This action cannot be undone.';

export const NEW_KEY_NOTICE =
  'This is the only time the full key is shown. Copy it now and store it somewhere safe.';
