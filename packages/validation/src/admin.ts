import { z } from 'zod';
import { CONTACT_STATUSES } from './contact';
import { emailAddress } from './fields';

// API keys (spec sections 3, 5 and 9).
export const API_KEY_ENVIRONMENTS = ['live', 'test'] as const;
export type ApiKeyEnvironment = (typeof API_KEY_ENVIRONMENTS)[number];

export const API_KEY_MESSAGES = {
  nameRequiredTitle: 'Name required',
  nameRequired: 'Please provide a name for the API key',
  environment: 'Environment must be live or test',
} as const;

export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.nameRequired })
    .max(100, { error: 'Name must be at most 100 characters' }),
  environment: z
    .enum(API_KEY_ENVIRONMENTS, { error: API_KEY_MESSAGES.environment })
    .default('live'),
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

export const BETA_CAP = 100;

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
  email: emailAddress('Please enter a valid email address'),
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

export const bulkEmailSchema = z.object({
  templateId: z
    .string({ error: EMAIL_MESSAGES.selectionRequired })
    .trim()
    .min(1, { error: EMAIL_MESSAGES.selectionRequired })
    .max(100),
  recipientIds: z
    .array(z.string().min(1).max(100), { error: EMAIL_MESSAGES.selectionRequired })
    .min(1, { error: EMAIL_MESSAGES.selectionRequired })
    .max(10_000, { error: 'At most 10000 recipients per send' }),
  content: bulkEmailContentSchema,
});

// Admin list queries (query strings arrive as text; '' counts as absent).
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;

const pageFields = {
  page: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: 'page must be a whole number of at least 1' })
      .int({ error: 'page must be a whole number of at least 1' })
      .min(1, { error: 'page must be a whole number of at least 1' })
      .max(1_000_000, { error: 'page must be at most 1000000' })
      .default(1),
  ),
  pageSize: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: `pageSize must be between 1 and ${PAGE_SIZE_MAX}` })
      .int({ error: `pageSize must be between 1 and ${PAGE_SIZE_MAX}` })
      .min(1, { error: `pageSize must be between 1 and ${PAGE_SIZE_MAX}` })
      .max(PAGE_SIZE_MAX, { error: `pageSize must be between 1 and ${PAGE_SIZE_MAX}` })
      .default(PAGE_SIZE_DEFAULT),
  ),
};

export const WAITLIST_SORT_FIELDS = [
  'createdAt',
  'email',
  'firstName',
  'lastName',
  'companyName',
] as const;
export type WaitlistSortField = (typeof WAITLIST_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;

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
  search: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .max(200, { error: 'search must be at most 200 characters' })
      .optional()
      .transform((value) => value || undefined),
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

export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'captured'] as const;
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

export const DASHBOARD_DAYS_DEFAULT = 30;
export const DASHBOARD_DAYS_MAX = 365;
export const dashboardQuerySchema = z.object({
  days: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: `days must be between 1 and ${DASHBOARD_DAYS_MAX}` })
      .int({ error: `days must be between 1 and ${DASHBOARD_DAYS_MAX}` })
      .min(1, { error: `days must be between 1 and ${DASHBOARD_DAYS_MAX}` })
      .max(DASHBOARD_DAYS_MAX, { error: `days must be between 1 and ${DASHBOARD_DAYS_MAX}` })
      .default(DASHBOARD_DAYS_DEFAULT),
  ),
});

// Staff accounts and the right to erasure (issue 8): the console's invite and erase forms.
export const STAFF_MESSAGES = {
  email: 'Please enter a valid email address',
} as const;

export const inviteStaffSchema = z.object({ email: emailAddress(STAFF_MESSAGES.email) });
export type InviteStaffInput = z.input<typeof inviteStaffSchema>;

export const erasePersonSchema = z.object({ email: emailAddress(STAFF_MESSAGES.email) });
export type ErasePersonInput = z.input<typeof erasePersonSchema>;
