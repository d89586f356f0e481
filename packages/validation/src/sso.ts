import { z } from './zod-config';

/*
 * Single sign-on for staff (issue 35): OpenID Connect against the company's
 * identity provider. The texts are the console's, written once here.
 */

/**
 * Why a provider sign-in was refused; the API sends the person back to the
 * console's sign-in page with `?sso_error=<code>`, where SSO_ERROR_MESSAGES says it.
 */
export const SSO_ERROR_CODES = [
  'unverified_email',
  'foreign_domain',
  'no_account',
  'account_inactive',
  'linked_elsewhere',
  'state_mismatch',
  'provider_error',
  'not_configured',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

export const SSO_ERROR_MESSAGES: Record<SsoErrorCode, string> = {
  unverified_email:
    'Your identity provider has not verified your email address, so it cannot sign you in here. Verify the address there, then try again.',
  foreign_domain:
    'Your email address is not at a company domain allowed in this console. Sign in with your company account.',
  no_account:
    'There is no console account for your email address yet. Ask an administrator to invite you.',
  account_inactive: 'Your console account is disabled or not confirmed yet. Ask an administrator.',
  linked_elsewhere:
    'Your email address belongs to a console account that is linked to another sign-in at your identity provider. Ask an administrator.',
  state_mismatch:
    'That sign-in could not be checked (it expired, was already used, or was started in another window). Start again from this page.',
  provider_error: 'The identity provider did not complete the sign-in. Try again.',
  not_configured: 'Single sign-on is not set up for this console.',
};

export const SSO_MESSAGES = {
  ssoRequired:
    'This console requires single sign-on: sign in with your company account instead of a password or passkey.',
  notConfigured: 'Single sign-on is not configured (OIDC_ISSUER), so it cannot be required.',
  breakGlassNotOwner: 'Break-glass accounts must be active Owners.',
} as const;

/** GET /api/auth/oidc: whether the sign-in page offers single sign-on, and under which name. */
export const ssoStatusSchema = z.object({
  enabled: z.boolean(),
  displayName: z.string().nullable(),
  /** Password, TOTP and passkey sign-in are refused except for break-glass Owners. */
  ssoOnly: z.boolean(),
});
export type SsoStatus = z.output<typeof ssoStatusSchema>;

/** GET/PUT /api/admin/settings/sso (Owners only). */
export const ssoSettingsSchema = z.object({
  ssoOnly: z.boolean(),
  /** Owner accounts that may still sign in with a password or passkey while ssoOnly is on. */
  breakGlassUserIds: z.array(z.string().max(100)).max(20),
});
export type SsoSettings = z.output<typeof ssoSettingsSchema>;

/** GET /api/auth/oidc/callback: the provider's parameters, read by the OpenID library. */
export const ssoCallbackQuerySchema = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

/** POST /api/logout: the provider's end-session address, when the session came from it. */
export const logoutResponseSchema = z.object({
  message: z.string(),
  endSessionUrl: z.string().optional(),
});
export type LogoutResponse = z.output<typeof logoutResponseSchema>;
