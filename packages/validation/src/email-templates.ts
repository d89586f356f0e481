import { z } from './zod-config';
import { EMAIL_MESSAGES } from './bulk-send';
import { emailAddress, INVALID_EMAIL_MESSAGE } from './fields';
import type { QueryParams } from './paging';

/* Email templates (spec section 5): listed, previewed and sent as a test. */

export const emailTemplateListSchema = z.object({
  templates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      category: z.string(),
    }),
  ),
});
export type EmailTemplateList = z.output<typeof emailTemplateListSchema>;
export type EmailTemplate = EmailTemplateList['templates'][number];

/** GET /api/admin/email/templates/:id/preview: rendered for an entry or a participant. */
export const templatePreviewQuerySchema = z.object({
  waitlistEntryId: z.uuid({ error: 'waitlistEntryId must be a UUID' }).optional(),
  participantId: z.uuid({ error: 'participantId must be a UUID' }).optional(),
});
export type TemplatePreviewQuery = QueryParams<typeof templatePreviewQuerySchema>;

export const testEmailSchema = z.object({
  templateType: z
    .string({ error: EMAIL_MESSAGES.testEmailRequired })
    .trim()
    .min(1, { error: EMAIL_MESSAGES.testEmailRequired })
    .max(100),
  email: emailAddress(INVALID_EMAIL_MESSAGE),
  testData: z.record(z.string(), z.string().max(1000)).optional(),
});
export type TestEmailRequest = z.input<typeof testEmailSchema>;
