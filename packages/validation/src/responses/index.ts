/**
 * Response schemas of the API (issue 10): what each route answers, serialised
 * through these by the API and documented in /api/openapi.json. A separate entry
 * (`@repo/validation/responses`), so the front ends' bundles do not carry them.
 */
export * from './common';
export * from './public';
export * from './analytics';
export * from './auth';
export * from './email';
export * from './admin';
export * from './seats';
export * from './invite-codes';
export { roleSchema, roleListSchema, roleResponseSchema, roleRefSchema } from '../roles';
export {
  accountSecuritySchema,
  passkeyAuthenticationOptionsSchema,
  passkeyRegistrationOptionsSchema,
  passkeySummarySchema,
  recoveryCodesSchema,
  secondFactorRequiredSchema,
  totpSetupSchema,
  twoFactorPolicySchema,
} from '../two-factor';
