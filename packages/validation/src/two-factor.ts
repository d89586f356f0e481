import { z } from './zod-config';

/*
 * Two-factor sign-in (issue 19): a right password alone opens nothing when the
 * account has a second factor (an authenticator app's code, a recovery code or a
 * passkey). An Owner may require one for every account or for some roles.
 */

export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** How many recovery codes an account gets (each works once). */
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  code: 'Enter the 6-digit code from your authenticator app.',
  recoveryCode: 'Enter one of your recovery codes.',
  invalidCode: 'That code is not valid. Check your authenticator app and try again.',
  invalidRecoveryCode: 'That recovery code is not valid or was already used.',
  expired: 'Your sign-in took too long. Enter your username and password again.',
  enrolmentRequired:
    'Your account must use two-factor sign-in. Set up an authenticator app or a passkey first.',
  alreadyEnabled: 'Two-factor sign-in with an authenticator app is already on.',
  notStarted: 'Start the set-up again: no authenticator app is waiting to be confirmed.',
  notEnabled: 'Two-factor sign-in with an authenticator app is not on.',
  stillRequired:
    'Two-factor sign-in is required for your account: add a passkey before turning the authenticator app off.',
  resetOwnAccount:
    'You cannot reset your own two-factor sign-in: turn it off or change it on your Security page.',
  sessionRequired: 'Two-factor settings are changed from a signed-in session, not with an API key.',
  unknownRole: 'Unknown role',
  resetDone:
    'Two-factor sign-in reset. The account signs in with its password alone until it sets it up again.',
  policySaved: 'Two-factor policy saved.',
  totpEnabled: 'Two-factor sign-in is on.',
  totpDisabled: 'Two-factor sign-in with an authenticator app is off.',
} as const;

/** A 6-digit code as typed: spaces are dropped (apps show "123 456"). */
export const totpCode = z
  .string({ error: TWO_FACTOR_MESSAGES.code })
  .max(20, { error: TWO_FACTOR_MESSAGES.code })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: TWO_FACTOR_MESSAGES.code }));

/** A recovery code as typed (case, spaces and dashes do not matter; the API normalises). */
export const recoveryCode = z
  .string({ error: TWO_FACTOR_MESSAGES.recoveryCode })
  .trim()
  .min(1, { error: TWO_FACTOR_MESSAGES.recoveryCode })
  .max(64, { error: TWO_FACTOR_MESSAGES.recoveryCode });

/** POST /api/login/totp, /api/account/totp/confirm, /disable, /api/account/recovery-codes. */
export const totpCodeBodySchema = z.object({ code: totpCode });
export type TotpCodeRequest = z.input<typeof totpCodeBodySchema>;

/** POST /api/login/recovery */
export const recoveryCodeBodySchema = z.object({ code: recoveryCode });
export type RecoveryCodeRequest = z.input<typeof recoveryCodeBodySchema>;

/** GET/PUT /api/admin/settings/two-factor */
export const twoFactorPolicySchema = z.object({
  requiredForAll: z.boolean(),
  requiredRoleIds: z.array(z.string().max(100)).max(100),
});
export type TwoFactorPolicy = z.output<typeof twoFactorPolicySchema>;

/** POST /api/login (200) when the account has a second factor: no session yet. */
export const secondFactorRequiredSchema = z.object({
  status: z.literal('second_factor_required'),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type SecondFactorRequired = z.output<typeof secondFactorRequiredSchema>;

/** POST /api/account/totp/setup: the secret to scan (QR code, SVG) or type. */
export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});
export type TotpSetup = z.output<typeof totpSetupSchema>;

/** The recovery codes, shown once (after confirming the app, or regenerated). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.output<typeof recoveryCodesSchema>;

export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeySummary = z.output<typeof passkeySummarySchema>;

/** GET /api/account/security: the signed-in account's second factors. */
export const accountSecuritySchema = z.object({
  totp: z.object({ enabled: z.boolean() }),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeySummarySchema),
  /** The policy requires a second factor for this account. */
  required: z.boolean(),
});
export type AccountSecurity = z.output<typeof accountSecuritySchema>;

/* Passkeys (WebAuthn, issue 19): a second factor, or a sign-in without a password. */

const PASSKEY_NAME_MAX = 64;
/** Passkeys one account may hold. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;

export const PASSKEY_MESSAGES = {
  name: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters.`,
  added: 'Passkey added.',
  removed: 'Passkey removed.',
  notFound: 'Passkey not found',
  tooMany: `An account can have at most ${MAX_PASSKEYS_PER_ACCOUNT} passkeys. Remove one first.`,
  alreadyRegistered: 'That passkey is already registered.',
  ceremonyExpired: 'The passkey request expired or was already used. Try again.',
  notVerified: 'The passkey could not be verified. Try again.',
  signInFailed: 'That passkey could not be verified. Try again, or sign in another way.',
  unsupported: 'This browser cannot use passkeys.',
  cancelled: 'The passkey request was cancelled or timed out.',
  stillRequired:
    'Two-factor sign-in is required for your account: set up an authenticator app or another passkey before removing this one.',
} as const;

/** A base64url field of a WebAuthn response (bounded: nothing large reaches the parser). */
const base64url = (max: number) =>
  z
    .string({ error: PASSKEY_MESSAGES.notVerified })
    .max(max, { error: PASSKEY_MESSAGES.notVerified })
    .regex(/^[A-Za-z0-9_-]*$/, { error: PASSKEY_MESSAGES.notVerified });

const credentialIdField = base64url(1400).min(16, { error: PASSKEY_MESSAGES.notVerified });

/** Where the authenticator sits: built into the device, or a security key or phone. */
const AUTHENTICATOR_ATTACHMENTS = ['platform', 'cross-platform'] as const;

const clientExtensionResults = z.record(z.string().max(64), z.unknown()).default({});

/** What navigator.credentials.create() answered, as @simplewebauthn/browser sends it. */
export const passkeyRegistrationResponseSchema = z.object({
  id: credentialIdField,
  rawId: credentialIdField,
  type: z.literal('public-key', { error: PASSKEY_MESSAGES.notVerified }),
  authenticatorAttachment: z.enum(AUTHENTICATOR_ATTACHMENTS).optional(),
  clientExtensionResults,
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(32768),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

/** What navigator.credentials.get() answered, as @simplewebauthn/browser sends it. */
export const passkeyAuthenticationResponseSchema = z.object({
  id: credentialIdField,
  rawId: credentialIdField,
  type: z.literal('public-key', { error: PASSKEY_MESSAGES.notVerified }),
  authenticatorAttachment: z.enum(AUTHENTICATOR_ATTACHMENTS).optional(),
  clientExtensionResults,
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    // ML-DSA (post-quantum; offered when the API's Node supports it, as Node 24 does, and
    // chosen by Chromium's authenticator) signs in up to 4,627 bytes: 6,170 characters.
    signature: base64url(8192),
    userHandle: base64url(256).optional(),
  }),
});

export const passkeyNameField = z
  .string({ error: PASSKEY_MESSAGES.name })
  .trim()
  .min(1, { error: PASSKEY_MESSAGES.name })
  .max(PASSKEY_NAME_MAX, { error: PASSKEY_MESSAGES.name });

/** POST /api/account/passkeys */
export const passkeyRegistrationBodySchema = z.object({
  name: passkeyNameField,
  response: passkeyRegistrationResponseSchema,
});
export type PasskeyRegistrationRequest = z.input<typeof passkeyRegistrationBodySchema>;

/** POST /api/login/passkey */
export const passkeySignInBodySchema = z.object({ response: passkeyAuthenticationResponseSchema });
export type PasskeySignInRequest = z.input<typeof passkeySignInBodySchema>;

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** POST /api/account/passkeys/options: what navigator.credentials.create() is given. */
export const passkeyRegistrationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.string().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type PasskeyRegistrationOptions = z.output<typeof passkeyRegistrationOptionsSchema>;

/** POST /api/login/passkey/options: what navigator.credentials.get() is given. */
export const passkeyAuthenticationOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
});
export type PasskeyAuthenticationOptions = z.output<typeof passkeyAuthenticationOptionsSchema>;
