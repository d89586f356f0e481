import type { DB, EmailStream } from '@repo/db';
import {
  type EmailTemplateData,
  type EmailTemplateDefinition,
  renderEmail,
} from '@repo/email-templates';
import type { Config } from '../config';
import { linkSecretsKey, tokenOfLink } from './link-secrets';
import {
  insertOutboxMessages,
  type PreparedEmail,
  type RenderedEmail,
} from '../email-outbox/outbox-repository';
import { unsubscribeUrl } from './unsubscribe-token';

interface PrepareEmailInput {
  template: EmailTemplateDefinition;
  to: string;
  data?: EmailTemplateData;
  /** Transactional mail ('outbound') or bulk mail ('broadcast', with an opt-out link). */
  stream: EmailStream;
  subjectPrefix?: string;
}

export interface Mailer {
  /** True without a Postmark token: mail is kept in the outbox as 'captured'. */
  readonly capturing: boolean;
  /** Renders a template for one recipient (outside any transaction: rendering takes time). */
  prepare: (input: PrepareEmailInput) => Promise<RenderedEmail>;
  /**
   * The same message, left for the outbox worker to render: the request only
   * stores the template's data. Public signups use it, so a crowd of them does
   * not spend the API's event loop on rendering (about 20 ms of CPU each).
   */
  defer: (input: PrepareEmailInput) => PreparedEmail;
  /**
   * Writes rendered mail to the outbox, in the caller's transaction. Returns the
   * message ids. Link secrets are kept only sealed until sent (link-secrets.ts).
   */
  queue: (db: DB, emails: PreparedEmail[]) => Promise<string[]>;
}

export function createMailer(config: Config): Mailer {
  const capturing = !config.POSTMARK_SERVER_TOKEN;
  const linkKey = linkSecretsKey(config.SESSION_SECRET);
  return {
    capturing,

    async prepare(input) {
      const email = this.defer(input);
      const rendered = await renderEmail(input.template, email.templateData!);
      return { ...email, htmlBody: rendered.html, textBody: rendered.text, templateData: null };
    },

    defer({ template, to, data = {}, stream, subjectPrefix }) {
      const optOut =
        stream === 'broadcast'
          ? unsubscribeUrl(config.API_PUBLIC_URL, config.UNSUBSCRIBE_SECRET, to)
          : undefined;
      const templateData: EmailTemplateData = {
        ...data,
        siteUrl: config.PUBLIC_SITE_URL,
        unsubscribeUrl: optOut,
      };
      const subject = template.subject(templateData);
      // A template's one action is a single-use link: its token is a secret of the mail.
      const actionToken = tokenOfLink(data.actionUrl);
      return {
        stream,
        templateId: template.id,
        to,
        subject: subjectPrefix ? `${subjectPrefix}${subject}` : subject,
        htmlBody: null,
        textBody: null,
        templateData,
        linkSecrets: actionToken ? [actionToken] : [],
        // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs to us.
        headers: optOut
          ? [
              { name: 'List-Unsubscribe', value: `<${optOut}>` },
              { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
            ]
          : [],
      };
    },

    queue: (db, emails) =>
      insertOutboxMessages(db, emails, capturing ? 'captured' : 'queued', linkKey),
  };
}
