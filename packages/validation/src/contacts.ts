import { z } from './zod-config';
import {
  emailAddress,
  honeypotShape,
  INVALID_EMAIL_MESSAGE,
  LIMITS,
  minLengthMessage,
  optionalText,
  requiredText,
} from './fields';
import { isoTimestamp } from './common';
import { optionalFilter, pageFields, pageOf, type QueryParams } from './paging';

export const CONTACT_STATUSES = ['new', 'read', 'replied'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_MESSAGES = {
  name: 'Name is required',
  email: INVALID_EMAIL_MESSAGE,
  subject: 'Subject is required',
  message: minLengthMessage('Message', LIMITS.messageMin),
} as const;

// Spec section 5 (public contact form). The public form also posts status 'new'.
export const contactMessageSchema = z.object({
  name: requiredText(LIMITS.nameMin, CONTACT_MESSAGES.name),
  email: emailAddress(CONTACT_MESSAGES.email),
  subject: requiredText(LIMITS.subjectMin, CONTACT_MESSAGES.subject, LIMITS.subjectMax),
  message: requiredText(LIMITS.messageMin, CONTACT_MESSAGES.message, LIMITS.longTextMax),
  company: optionalText(LIMITS.companyMax),
  status: z.literal('new', { error: "A new message can only have status 'new'" }).optional(),
});

/** What the public form posts: the message plus the honeypot. */
export const contactMessageRequestSchema = contactMessageSchema.extend(honeypotShape);

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessageRequest = z.input<typeof contactMessageRequestSchema>;

/** The contact steps in order (spec section 2): one field per step, four steps. */
export const CONTACT_STEPS = ['name', 'email', 'subject', 'message'] as const;

export const contactStatusUpdateSchema = z.object({
  status: z.enum(CONTACT_STATUSES, { error: 'Status must be one of new, read or replied' }),
});
export type ContactStatusUpdate = z.input<typeof contactStatusUpdateSchema>;

/** POST /api/contact (201) */
export const contactMessageResponseSchema = z.object({
  id: z.string(),
  status: z.enum(CONTACT_STATUSES),
  message: z.string(),
});
export type ContactMessageResponse = z.output<typeof contactMessageResponseSchema>;

// The console's contact messages (spec section 4).
export const contactListQuerySchema = z.object({
  ...pageFields,
  status: optionalFilter(CONTACT_STATUSES, 'status must be new, read or replied'),
});
/** The list query as the API reads it (defaults filled). */
export type ContactListQuery = z.output<typeof contactListQuerySchema>;
/** The list query as a caller writes it (api-client's `ContactListQuery`). */
export type ContactListParams = QueryParams<typeof contactListQuerySchema>;

/** A stored contact message, as the console reads it. */
export const storedContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  createdAt: isoTimestamp,
});
export type ContactMessage = z.output<typeof storedContactMessageSchema>;
export const contactMessagePageSchema = pageOf(storedContactMessageSchema);
export type ContactMessagePage = z.output<typeof contactMessagePageSchema>;
