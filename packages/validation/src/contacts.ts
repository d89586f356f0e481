import { z } from 'zod';
import {
  emailAddress,
  honeypotShape,
  INVALID_EMAIL_MESSAGE,
  LIMITS,
  minLengthMessage,
  optionalText,
  requiredText,
} from './fields';

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

/** The contact steps in order (spec section 2): one field per step, four steps. */
export const CONTACT_STEPS = ['name', 'email', 'subject', 'message'] as const;

export const contactStatusUpdateSchema = z.object({
  status: z.enum(CONTACT_STATUSES, { error: 'Status must be one of new, read or replied' }),
});
