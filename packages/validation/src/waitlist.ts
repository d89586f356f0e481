import { z } from 'zod';
import {
  emailAddress,
  honeypotShape,
  INVALID_EMAIL_MESSAGE,
  LIMITS,
  optionalChoice,
  optionalText,
  requiredText,
} from './fields';
import { REFERRAL_CODE_PATTERN } from './constants';

const INVITE_CODE_INVALID = 'This invite code is not valid. Check it, or leave the field empty.';

// Spec section 3 (waitlist signup) and section 5 (waitlist rules).
export const USER_TYPE_OPTIONS = ['Freelancer', 'Agency', 'Internal Team'] as const;

export const PRIMARY_USE_OPTIONS = [
  'Content Marketing',
  'Social Media Management',
  'Blog Writing',
  'Email Campaigns',
  'Product Descriptions',
  'Technical Documentation',
  'Educational Content',
  'Other',
] as const;

export const WAITLIST_MESSAGES = {
  email: INVALID_EMAIL_MESSAGE,
  firstName: 'First name is required',
  lastName: 'Last name is required',
  company: 'Company name is required',
  primaryUse: 'Please select a primary use case',
} as const;

/**
 * Issue 19: the API refuses addresses at disposable-mailbox domains (the
 * waitlist, the beta application that posts to it, and staff registration),
 * a 400 whose issue is on the email field.
 */
export const DISPOSABLE_EMAIL_MESSAGE =
  'Disposable email addresses are not accepted: please use an address you will keep';

export const waitlistSignupSchema = z.object({
  email: emailAddress(WAITLIST_MESSAGES.email),
  firstName: requiredText(LIMITS.nameMin, WAITLIST_MESSAGES.firstName),
  lastName: requiredText(LIMITS.nameMin, WAITLIST_MESSAGES.lastName),
  company: requiredText(LIMITS.companyMin, WAITLIST_MESSAGES.company, LIMITS.companyMax),
  primaryUse: z.enum(PRIMARY_USE_OPTIONS, { error: WAITLIST_MESSAGES.primaryUse }),
  contentWorkflow: optionalText(LIMITS.longTextMax),
  userType: optionalChoice(USER_TYPE_OPTIONS),
});

const referralCodeField = z
  .string()
  .trim()
  .regex(REFERRAL_CODE_PATTERN)
  .transform((code) => code.toUpperCase());

/** Issue 11: the single-use confirmation link's token, as the page posts it. */
export const LINK_TOKEN_MESSAGE = 'This link is invalid or incomplete.';
export const linkTokenSchema = z.object({
  token: z
    .string({ error: LINK_TOKEN_MESSAGE })
    .regex(/^[A-Za-z0-9_.-]{20,200}$/, { error: LINK_TOKEN_MESSAGE }),
});

/** GET /api/waitlist/status?token=: the signed link of the confirmation email (issue 11). */
export const STATUS_LINK_INVALID_MESSAGE = 'This link is invalid.';
export const waitlistStatusQuerySchema = z.object({
  token: z.string({ error: STATUS_LINK_INVALID_MESSAGE }).max(200),
});

/** Where the queue puts people (issue 11): referrals move their referrer up this many places by default. */
export const DEFAULT_REFERRAL_BOOST_PLACES = 5;

const sourceText = (max: number) => z.string().trim().max(max).optional();

/** The visit's first touch, sent by the tracker with a signup. */
export const signupSourceSchema = z.object({
  landingPage: sourceText(500),
  referrer: sourceText(500),
  utmSource: sourceText(100),
  utmMedium: sourceText(100),
  utmCampaign: sourceText(100),
});
export type SignupSource = z.output<typeof signupSourceSchema>;

/**
 * What the public form posts: the signup plus the honeypot, and where the visit
 * came from. An unreadable source is dropped, never a reason to lose a signup.
 */
export const waitlistSignupRequestSchema = waitlistSignupSchema.extend({
  ...honeypotShape,
  source: signupSourceSchema.optional().catch(undefined),
  /** The referral code of the link the visitor came through (/beta?ref=CODE); a bad one is ignored. */
  referralCode: referralCodeField.optional().catch(undefined),
  /** An invite code (/beta?invite=CODE or the overlay's field): a bad one is refused, never ignored. */
  inviteCode: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: INVITE_CODE_INVALID })
      .trim()
      .regex(REFERRAL_CODE_PATTERN, { error: INVITE_CODE_INVALID })
      .transform((code) => code.toUpperCase())
      .optional(),
  ),
});

export type WaitlistSignupInput = z.input<typeof waitlistSignupSchema>;
export type WaitlistSignup = z.output<typeof waitlistSignupSchema>;

/** The wizard's step order (spec section 4); the two optional steps may be skipped. */
export const WAITLIST_STEPS = [
  'email',
  'firstName',
  'lastName',
  'company',
  'userType',
  'contentWorkflow',
  'primaryUse',
] as const satisfies readonly (keyof WaitlistSignup)[];

export const WAITLIST_OPTIONAL_STEPS: readonly (typeof WAITLIST_STEPS)[number][] = [
  'userType',
  'contentWorkflow',
];

export const WAITLIST_AUTO_ADVANCE_MS = 500;
