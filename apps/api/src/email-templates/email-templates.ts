import type { EmailStream } from '@repo/db';
import { type EmailTemplateDefinition, findEmailTemplate } from '@repo/email-templates';
import { badRequest } from '../errors';

/** Announcements are bulk mail; everything else is transactional. */
export function naturalStream(template: EmailTemplateDefinition): EmailStream {
  return template.category === 'announcement' ? 'broadcast' : 'outbound';
}

/** The template of an id sent in a body; an unknown one is a 400. */
export function templateOrBadRequest(id: string): EmailTemplateDefinition {
  const template = findEmailTemplate(id);
  if (!template) throw badRequest(`Unknown email template "${id}"`, 'unknown_template');
  return template;
}
