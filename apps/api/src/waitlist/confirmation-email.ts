import { findEmailTemplate } from '@repo/email-templates';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import type { PreparedEmail } from '../email-outbox/outbox-repository';
import { confirmationUrl, statusLinkSecret, statusUrl } from './confirmation';

export const confirmationTemplate = findEmailTemplate('waitlist-welcome')!;

/**
 * The confirmation email (issue 11: the welcome email became it), left for the
 * outbox worker to render: a request only stores the data. It carries the
 * single-use confirmation link and the signed link to the person's place.
 */
export function confirmationEmail(
  mailer: Mailer,
  config: Pick<Config, 'PUBLIC_SITE_URL' | 'SESSION_SECRET'>,
  entry: { id: string; email: string; firstName: string; lastName: string; companyName: string },
  token: string,
): PreparedEmail {
  return mailer.defer({
    template: confirmationTemplate,
    to: entry.email,
    data: {
      firstName: entry.firstName,
      lastName: entry.lastName,
      companyName: entry.companyName,
      actionUrl: confirmationUrl(config.PUBLIC_SITE_URL, token),
      statusUrl: statusUrl(config.PUBLIC_SITE_URL, statusLinkSecret(config), entry.id),
    },
    stream: 'outbound',
  });
}
