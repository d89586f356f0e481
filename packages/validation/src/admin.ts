import { z } from 'zod';
import { AUDIT_ACTOR_KINDS } from './audit-log';
import { PERMISSIONS, permissionSchema } from './roles';
import { CONTACT_STATUSES } from './contact';
import { emailAddress, INVALID_EMAIL_MESSAGE, LIMITS, maxLengthMessage } from './fields';

// API keys (spec sections 3, 5 and 9).
export const API_KEY_ENVIRONMENTS = ['live', 'test'] as const;
export type ApiKeyEnvironment = (typeof API_KEY_ENVIRONMENTS)[number];

/** The longest a key may live, in days (issue 19: at most a year). */
const API_KEY_MAX_EXPIRY_DAYS = 365;

export const API_KEY_MESSAGES = {
  nameRequiredTitle: 'Name required',
  nameRequired: 'Please provide a name for the API key',
  environment: 'Environment must be live or test',
  permissionsRequired: 'Choose at least one permission for the key',
  sessionOnly: (permission: string) =>
    `An API key cannot hold ${permission}: only a signed-in staff member can manage keys and staff.`,
  notHeld: (permission: string) =>
    `You cannot give a key a permission your role does not have: ${permission}.`,
  expiresInDays: `Expiry must be a whole number of days from 1 to ${API_KEY_MAX_EXPIRY_DAYS}, or null for never`,
  revoked: 'This API key has been revoked.',
  expired: (at: Date) => `This API key expired on ${at.toISOString()}.`,
  creatorDisabled: 'The account that created this API key is no longer active.',
} as const;

/** A new key's lifetime unless its creator chooses another (or none). */
export const API_KEY_DEFAULT_EXPIRY_DAYS = 90;

export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.nameRequired })
    .max(LIMITS.shortTextMax, { error: maxLengthMessage(LIMITS.shortTextMax, 'Name') }),
  environment: z
    .enum(API_KEY_ENVIRONMENTS, { error: API_KEY_MESSAGES.environment })
    .default('live'),
  /**
   * What the key may do (issue 19): each in API_KEY_PERMISSIONS and held by its
   * creator's role (checked by the API, which names the permission refused).
   */
  permissions: z
    .array(permissionSchema, { error: API_KEY_MESSAGES.permissionsRequired })
    .min(1, { error: API_KEY_MESSAGES.permissionsRequired })
    .max(PERMISSIONS.length)
    .transform((list) => [...new Set(list)]),
  /** Days until the key stops working; null: never. */
  expiresInDays: z
    .number({ error: API_KEY_MESSAGES.expiresInDays })
    .int({ error: API_KEY_MESSAGES.expiresInDays })
    .min(1, { error: API_KEY_MESSAGES.expiresInDays })
    .max(API_KEY_MAX_EXPIRY_DAYS, { error: API_KEY_MESSAGES.expiresInDays })
    .nullable()
    .default(API_KEY_DEFAULT_EXPIRY_DAYS),
});

/** How a key is shown in lists: first 12 characters, 20 asterisks, last 4 (spec section 9). */
export function maskApiKey(formattedKey: string): string {
  return `${formattedKey.slice(0, 12)}${'*'.repeat(20)}${formattedKey.slice(-4)}`;
}

// Beta participants (spec section 4): active <-> inactive.
export const PARTICIPANT_STATUSES = ['active', 'inactive'] as const;
export const participantStatusUpdateSchema = z.object({
  status: z.enum(PARTICIPANT_STATUSES, { error: 'Status must be active or inactive' }),
});

// E-mail sending (spec section 5).
export const EMAIL_MESSAGES = {
  selectionRequiredTitle: 'Selection required',
  selectionRequired: 'Please select an email template and at least one recipient',
  testEmailRequired: 'An email address and a template are required',
} as const;

export const testEmailSchema = z.object({
  templateType: z
    .string({ error: EMAIL_MESSAGES.testEmailRequired })
    .trim()
    .min(1, { error: EMAIL_MESSAGES.testEmailRequired })
    .max(100),
  email: emailAddress(INVALID_EMAIL_MESSAGE),
  testData: z.record(z.string(), z.string().max(1000)).optional(),
});

/**
 * Optional content of a bulk send (the announcement's subject, heading and body).
 * Plain text: the templates escape it.
 */
export const bulkEmailContentSchema = z
  .object({
    subject: z.string().trim().max(200).optional(),
    heading: z.string().trim().max(200).optional(),
    body: z.string().trim().max(10_000).optional(),
  })
  .optional();

/** The most recipients one bulk send may name. */
const BULK_RECIPIENTS_MAX = 10_000;

export const bulkEmailSchema = z.object({
  templateId: z
    .string({ error: EMAIL_MESSAGES.selectionRequired })
    .trim()
    .min(1, { error: EMAIL_MESSAGES.selectionRequired })
    .max(100),
  recipientIds: z
    .array(z.string().min(1).max(100), { error: EMAIL_MESSAGES.selectionRequired })
    .min(1, { error: EMAIL_MESSAGES.selectionRequired })
    .max(BULK_RECIPIENTS_MAX, { error: `At most ${BULK_RECIPIENTS_MAX} recipients per send` }),
  content: bulkEmailContentSchema,
});

/** The longest a bulk send may be scheduled ahead. */
export const BULK_SCHEDULE_MAX_DAYS = 30;

/** POST /api/admin/email/bulk-send/dry-run: what would be sent, and to whom. */
export const bulkDryRunSchema = bulkEmailSchema.extend({
  sendAt: z.iso
    .datetime({ offset: true, error: 'sendAt must be an ISO date and time' })
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        (Date.parse(value) > Date.now() - 60_000 &&
          Date.parse(value) < Date.now() + BULK_SCHEDULE_MAX_DAYS * 86_400_000),
      { error: `sendAt must be in the next ${BULK_SCHEDULE_MAX_DAYS} days` },
    ),
});
export type BulkDryRunInput = z.output<typeof bulkDryRunSchema>;

/** POST /api/admin/email/bulk-send with a dry run's id: send exactly what it showed. */
/* Issue 10: the admin routes' remaining query strings, written once here. */

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

/** GET /api/admin/email/templates/:id/preview: rendered for an entry or a participant. */
export const templatePreviewQuerySchema = z.object({
  waitlistEntryId: z.uuid({ error: 'waitlistEntryId must be a UUID' }).optional(),
  participantId: z.uuid({ error: 'participantId must be a UUID' }).optional(),
});

/** GET|POST /api/email/unsubscribe?email=&token=: the signed opt-out link of a bulk email. */
export const unsubscribeQuerySchema = z.object({
  email: z.string().trim().min(3).max(254),
  token: z.string().trim().min(1).max(200),
});

/** GET /api/admin/people/timeline?email= */
export const personTimelineQuerySchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .min(3, 'email is required')
    .max(LIMITS.emailMax, `email must be at most ${LIMITS.emailMax} characters`),
});

export const bulkConfirmSchema = z.object({
  dryRunId: z.uuid({ error: 'dryRunId must be the id of a dry run' }),
});

/**
 * POST /api/admin/email/bulk-send: `{ dryRunId }` confirms a dry run; anything
 * else is the spec's direct form. (The API parses a body with the one schema its
 * shape asks for, so that its errors are that schema's.)
 */
export const bulkSendBodySchema = z.union([bulkConfirmSchema, bulkEmailSchema]);

// Admin list queries (query strings arrive as text; '' counts as absent).
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
/** A bound on the page number, so that an offset stays a safe number. */
const PAGE_MAX = 1_000_000;

const pageMessage = 'page must be a whole number of at least 1';
const pageSizeMessage = `pageSize must be between 1 and ${PAGE_SIZE_MAX}`;

/** `page` and `pageSize` of every paged list query. */
export const pageFields = {
  page: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: pageMessage })
      .int({ error: pageMessage })
      .min(1, { error: pageMessage })
      .max(PAGE_MAX, { error: `page must be at most ${PAGE_MAX}` })
      .default(1),
  ),
  pageSize: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: pageSizeMessage })
      .int({ error: pageSizeMessage })
      .min(1, { error: pageSizeMessage })
      .max(PAGE_SIZE_MAX, { error: pageSizeMessage })
      .default(PAGE_SIZE_DEFAULT),
  ),
};

/** A list's free-text search: trimmed, '' and blanks count as absent. */
export const listSearchField = z.preprocess(
  blankAsAbsent,
  z
    .string()
    .trim()
    .max(LIMITS.searchMax, { error: maxLengthMessage(LIMITS.searchMax, 'search') })
    .optional()
    .transform((value) => value || undefined),
);

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
export const SORT_ORDERS = ['asc', 'desc'] as const;
export const WAITLIST_STATES = ['confirmed', 'unconfirmed'] as const;

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
  state: z.preprocess(
    blankAsAbsent,
    z
      .enum(WAITLIST_STATES, { error: `state must be one of ${WAITLIST_STATES.join(', ')}` })
      .optional(),
  ),
});
export type WaitlistListQuery = z.output<typeof waitlistListQuerySchema>;

export const contactListQuerySchema = z.object({
  ...pageFields,
  status: z.preprocess(
    blankAsAbsent,
    z.enum(CONTACT_STATUSES, { error: 'status must be new, read or replied' }).optional(),
  ),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

const AUDIT_ACTION_MESSAGE = 'action must be an action name such as waitlist.approve';
/** GET /api/admin/audit-log: the same page and pageSize rules as the other lists, and one action. */
export const auditLogQuerySchema = contactListQuerySchema
  .pick({ page: true, pageSize: true })
  .extend({
    action: z.preprocess(
      blankAsAbsent,
      z
        .string({ error: AUDIT_ACTION_MESSAGE })
        .regex(/^[a-z_]+(\.[a-z_]+)*$/, { error: AUDIT_ACTION_MESSAGE })
        .max(64, { error: AUDIT_ACTION_MESSAGE })
        .optional(),
    ),
    actorKind: z.preprocess(
      blankAsAbsent,
      z
        .enum(AUDIT_ACTOR_KINDS, { error: 'actorKind must be staff, api_key, system or public' })
        .optional(),
    ),
  });

export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'captured', 'held'] as const;
export const DELIVERY_STATES = ['delivered', 'bounced', 'complained'] as const;
export const EMAIL_STREAMS = ['outbound', 'broadcast'] as const;
export const outboxListQuerySchema = z.object({
  ...pageFields,
  status: z.preprocess(
    blankAsAbsent,
    z
      .enum(EMAIL_STATUSES, { error: `status must be one of ${EMAIL_STATUSES.join(', ')}` })
      .optional(),
  ),
});
export type OutboxListQuery = z.output<typeof outboxListQuerySchema>;

const streamField = z.enum(EMAIL_STREAMS, { error: 'stream must be outbound or broadcast' });

export const suppressionListQuerySchema = z.object({
  ...pageFields,
  search: z.preprocess(
    blankAsAbsent,
    z.string().trim().max(LIMITS.emailMax, maxLengthMessage(LIMITS.emailMax, 'search')).optional(),
  ),
  stream: z.preprocess(blankAsAbsent, streamField.optional()),
});
export type SuppressionListQuery = z.output<typeof suppressionListQuerySchema>;

/** DELETE /api/admin/email/suppressions?email=&stream= */
export const suppressionKeySchema = z.object({
  email: z.string().trim().min(3, 'email is required').max(254),
  stream: streamField,
});

/** Postmark's suppression dump (GET /message-streams/{stream}/suppressions/dump), in chunks. */
export const SUPPRESSION_IMPORT_MAX = 500;
export const suppressionImportSchema = z.object({
  stream: streamField,
  suppressions: z
    .array(
      z.object({
        EmailAddress: z.string().trim().min(3).max(254),
        SuppressionReason: z.string().max(100).optional(),
        Origin: z.string().max(100).optional(),
        CreatedAt: z.string().max(100).optional(),
      }),
      { error: 'suppressions must be a list' },
    )
    .min(1, 'suppressions must not be empty')
    .max(SUPPRESSION_IMPORT_MAX, `at most ${SUPPRESSION_IMPORT_MAX} suppressions per request`),
});
export type SuppressionImport = z.output<typeof suppressionImportSchema>;

export const DASHBOARD_DAYS_DEFAULT = 30;
export const DASHBOARD_DAYS_MAX = 365;
/** The Analytics tab's period choices (issue 12), besides a custom range. */
export const DASHBOARD_PERIOD_PRESETS = [7, 30, 90] as const;
/** Custom ranges stay within these calendar days (UTC). */
const FIRST_ALLOWED_DAY = '2000-01-01';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysError = `days must be between 1 and ${DASHBOARD_DAYS_MAX}`;
const calendarDay = (name: 'from' | 'to') =>
  z.preprocess(
    blankAsAbsent,
    z.iso
      .date({ error: `${name} must be a date like 2025-06-01` })
      .refine((day) => day >= FIRST_ALLOWED_DAY, {
        error: `${name} must not be before ${FIRST_ALLOWED_DAY}`,
      })
      .optional(),
  );

/** Whole calendar days from `from` to `to`, both counted ('2025-06-01'..'2025-06-01' is 1). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Today's calendar day in UTC, the dashboard's clock ('2025-06-01'). */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The dashboard's period: the last `days` days (UTC) ending today, or the custom
 * range `from`..`to` (calendar days, UTC, both included). Either, never both;
 * nothing at all means the last 30 days. The previous period of the same length
 * is compared with it.
 */
export const dashboardQuerySchema = z
  .object({
    days: z.preprocess(
      blankAsAbsent,
      z.coerce
        .number({ error: daysError })
        .int({ error: daysError })
        .min(1, { error: daysError })
        .max(DASHBOARD_DAYS_MAX, { error: daysError })
        .optional(),
    ),
    from: calendarDay('from'),
    to: calendarDay('to'),
  })
  .superRefine((query, ctx) => {
    if (query.days !== undefined && (query.from !== undefined || query.to !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['days'],
        message: 'Give either days or from and to, not both',
      });
      return;
    }
    if (query.from === undefined && query.to !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'from is required with to' });
    }
    if (query.to === undefined && query.from !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is required with from' });
    }
    if (query.from === undefined || query.to === undefined) return;
    if (query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
    } else if (daysInRange(query.from, query.to) > DASHBOARD_DAYS_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A period spans at most ${DASHBOARD_DAYS_MAX} days`,
      });
    }
    // A period yet to come has nothing to show, and would not be as long as it says.
    if (query.to > utcToday()) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be after today (UTC)' });
    }
  })
  .transform((query): DashboardPeriod =>
    query.from !== undefined && query.to !== undefined
      ? { kind: 'range', from: query.from, to: query.to }
      : { kind: 'days', days: query.days ?? DASHBOARD_DAYS_DEFAULT },
  );

export type DashboardPeriod =
  { kind: 'days'; days: number } | { kind: 'range'; from: string; to: string };

// Staff accounts and the right to erasure (issue 8): the console's invite and erase forms.
export const STAFF_MESSAGES = {
  email: INVALID_EMAIL_MESSAGE,
} as const;

export const inviteStaffSchema = z.object({
  email: emailAddress(STAFF_MESSAGES.email),
  /** The role the invitation gives (issue 19); Viewer when left out. */
  roleId: z.string().min(1).max(100).optional(),
});
export type InviteStaffInput = z.input<typeof inviteStaffSchema>;

export const erasePersonSchema = z.object({ email: emailAddress(STAFF_MESSAGES.email) });
export type ErasePersonInput = z.input<typeof erasePersonSchema>;
