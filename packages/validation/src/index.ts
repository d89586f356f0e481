/**
 * The API's contract, one file per feature: each holds the feature's request
 * and response schemas, enums, messages, limits and types. The API validates and
 * serialises through the schemas; the front ends use the rules and (through
 * @repo/api-client) the types. Only zod-config.ts has a side effect (package.json),
 * so a bundle keeps only the modules it uses; honeypot.ts, referral-codes.ts,
 * beta-cap.ts, analytics-tracker.ts and analytics-opt-out.ts need no zod (a page
 * without a form does not download it, issue 13), and survey-questions.ts none
 * either (the survey's first screen, issue 32).
 */
// Building blocks.
export * from './fields';
export * from './honeypot';
export * from './common';
export * from './paging';
export * from './issues';
// Features.
export * from './waitlist';
export * from './waitlist-bulk';
export * from './waitlist-import';
export * from './referral-codes';
export * from './referrals';
export * from './invite-codes';
export * from './beta-cap';
export * from './beta';
export * from './contacts';
export * from './email-templates';
export * from './email-outbox';
export * from './bulk-send';
export * from './suppressions';
export * from './audit-log';
export * from './auth';
export * from './staff-accounts';
export * from './roles';
export * from './two-factor';
export * from './sso';
export * from './api-keys';
export * from './analytics-tracker';
export * from './analytics';
export * from './analytics-opt-out';
export * from './survey';
export * from './survey-questions';
export * from './posts';
export * from './post-checks';
export * from './post-pending-revisions';
export * from './post-preview-links';
export * from './post-images';
export * from './post-image-urls';
export * from './people';
export * from './saved-views';
export * from './webhooks';
export * from './webhook-payloads';
