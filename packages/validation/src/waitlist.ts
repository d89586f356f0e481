import { z } from './zod-config';
import {
  emailAddress,
  honeypotShape,
  INVALID_EMAIL_MESSAGE,
  LIMITS,
  optionalChoice,
  optionalText,
  requiredText,
} from './fields';
import {
  blankAsAbsent,
  listSearchField,
  optionalFilter,
  pageFields,
  pageOf,
  type QueryParams,
  SORT_ORDERS,
} from './paging';
import { INVITE_CODE_INVALID_MESSAGE, REFERRAL_CODE_PATTERN } from './referral-codes';
import { isoTimestamp } from './common';

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
      .string({ error: INVITE_CODE_INVALID_MESSAGE })
      .trim()
      .regex(REFERRAL_CODE_PATTERN, { error: INVITE_CODE_INVALID_MESSAGE })
      .transform((code) => code.toUpperCase())
      .optional(),
  ),
});

export type WaitlistSignupInput = z.input<typeof waitlistSignupSchema>;
export type WaitlistSignup = z.output<typeof waitlistSignupSchema>;
export type WaitlistSignupRequest = z.input<typeof waitlistSignupRequestSchema>;

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

/** POST /api/waitlist (201) */
export const waitlistSignupResponseSchema = z
  .object({
    id: z.string(),
    message: z.string(),
    /**
     * Issue 11: what an invite code did: a seat at once, or the front of the queue.
     * Issue 19: `pending` for an address not confirmed yet: the code takes effect
     * when the confirmation link is opened.
     */
    invite: z.object({ outcome: z.enum(['approved', 'queued', 'pending']) }).optional(),
  })
  .meta({
    examples: [
      { id: '0b6f3a52-9d1e-4c1a-a1f2-3c4d5e6f7a8b', message: 'Successfully joined the waitlist!' },
    ],
  });
export type WaitlistSignupResponse = z.output<typeof waitlistSignupResponseSchema>;

/**
 * A person's place on the waitlist (issue 11): POST /api/waitlist/confirm and
 * GET /api/waitlist/status. `position` is 1 for the front of the queue; it is
 * null when the person is not in the queue (unconfirmed, or holding a seat).
 */
export const waitlistPlaceSchema = z.object({
  firstName: z.string(),
  state: z.enum(['unconfirmed', 'queued', 'invited', 'participant']),
  position: z.number().int().nullable(),
  ahead: z.number().int().nullable(),
  total: z.number().int().meta({ description: 'People in the queue' }),
  referralCount: z.number().int(),
  referralCode: z.string(),
  referralUrl: z.string(),
  statusUrl: z.string(),
  boostPlaces: z
    .number()
    .int()
    .meta({ description: 'Places a confirmed referral moves its referrer up' }),
});
export type WaitlistPlace = z.output<typeof waitlistPlaceSchema>;

// The console's waitlist (spec section 4).
export const WAITLIST_SORT_FIELDS = [
  'createdAt',
  'email',
  'firstName',
  'lastName',
  'companyName',
  'position',
  'referralCount',
] as const;
export type WaitlistSortField = (typeof WAITLIST_SORT_FIELDS)[number];
export const WAITLIST_STATES = ['confirmed', 'unconfirmed'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

export const waitlistListQuerySchema = z.object({
  ...pageFields,
  sortBy: z.preprocess(
    blankAsAbsent,
    z
      .enum(WAITLIST_SORT_FIELDS, {
        error: `sortBy must be one of ${WAITLIST_SORT_FIELDS.join(', ')}`,
      })
      .default('createdAt'),
  ),
  sortOrder: z.preprocess(
    blankAsAbsent,
    z.enum(SORT_ORDERS, { error: 'sortOrder must be asc or desc' }).default('desc'),
  ),
  search: listSearchField,
  /** Issue 11: confirmed or unconfirmed addresses only. */
  state: optionalFilter(WAITLIST_STATES, `state must be one of ${WAITLIST_STATES.join(', ')}`),
});
/** The list query as the API reads it (defaults filled). */
export type WaitlistListQuery = z.output<typeof waitlistListQuerySchema>;
/** The list query as a caller writes it (api-client's `WaitlistListQuery`). */
export type WaitlistListParams = QueryParams<typeof waitlistListQuerySchema>;

export const waitlistEntrySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  monthlyContentVolume: z.string().nullable(),
  biggestChallenge: z.string().nullable(),
  primaryUse: z.string(),
  userType: z.string().nullable(),
  contentWorkflow: z.string().nullable(),
  createdAt: isoTimestamp,
  participantId: z.string().nullable(),
  /** Issue 11: double opt-in, referrals and the queue. */
  confirmedAt: isoTimestamp.nullable(),
  referralCode: z.string().nullable(),
  referredById: z.string().nullable(),
  referralCount: z.number().int(),
  position: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Place in the queue; null outside it' }),
  invitationExpiredAt: isoTimestamp.nullable(),
});
export type WaitlistEntry = z.output<typeof waitlistEntrySchema>;
export const waitlistPageSchema = pageOf(waitlistEntrySchema);
export type WaitlistPage = z.output<typeof waitlistPageSchema>;

/** GET /api/admin/waitlist/sources?weeks=: up to a year of weeks. */
const SOURCE_WEEKS_MAX = 52;
const SOURCE_WEEKS_MESSAGE = `weeks must be between 1 and ${SOURCE_WEEKS_MAX}`;
export const signupSourcesQuerySchema = z.object({
  weeks: z.coerce
    .number({ error: 'weeks must be a number' })
    .int('weeks must be a whole number')
    .min(1, SOURCE_WEEKS_MESSAGE)
    .max(SOURCE_WEEKS_MAX, SOURCE_WEEKS_MESSAGE)
    .default(8),
});
export type SignupSourcesQuery = QueryParams<typeof signupSourcesQuerySchema>;

/** GET /api/admin/waitlist/sources: signups per source and ISO week. */
export const signupSourcesSchema = z.object({
  weeks: z.array(z.string().meta({ format: 'date' })),
  sources: z.array(
    z.object({ source: z.string(), counts: z.array(z.number()), total: z.number() }),
  ),
});
export type SignupSources = z.output<typeof signupSourcesSchema>;
