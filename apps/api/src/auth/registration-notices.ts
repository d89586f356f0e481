import { BRAND } from '@repo/email-templates';
import type { Config } from '../config';
import type { RenderedEmail } from '../email-outbox/outbox-repository';

/*
 * Issue 19: a registration answers the same whether or not the address or the
 * username is taken, so nobody learns from the answer which staff addresses
 * exist. What happened is told to the address instead, by one of these mails.
 * They carry no link token and nothing the registrant typed.
 */
export type RegistrationNotice = 'address_registered' | 'username_taken';

const COPY: Record<RegistrationNotice, { subject: string; paragraphs: string[] }> = {
  address_registered: {
    subject: `Your ${BRAND.productName} console account`,
    paragraphs: [
      `Someone, hopefully you, tried to register a staff account for the ${BRAND.productName} admin console with this address. This address already has an account, so nothing was created.`,
      'If it was you, sign in with your existing account instead. If your account is disabled, ask an administrator. If it was not you, ignore this email: your account has not changed.',
    ],
  },
  username_taken: {
    subject: `Your ${BRAND.productName} console registration`,
    paragraphs: [
      `Someone, hopefully you, tried to register a staff account for the ${BRAND.productName} admin console with this address, but the username chosen is already taken, so nothing was created.`,
      'If it was you, register again with another username. If it was not you, ignore this email.',
    ],
  },
};

/** The notice `kind` for `to`, ready for the outbox (queue it in the registration's transaction). */
export function registrationNotice(
  config: Config,
  kind: RegistrationNotice,
  to: string,
): RenderedEmail {
  const { subject, paragraphs } = COPY[kind];
  const signIn = `${config.ADMIN_URL.replace(/\/+$/, '')}/auth`;
  const text = [...paragraphs, `Sign in: ${signIn}`].join('\n\n');
  // Fixed sentences and the configured console address only: nothing to escape but the URL.
  const html = `<!DOCTYPE html><html><body>${paragraphs
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('')}<p><a href="${encodeURI(signIn)}">Sign in to the console</a></p></body></html>`;
  return {
    stream: 'outbound',
    templateId: 'account-notice',
    to,
    subject,
    htmlBody: html,
    textBody: text,
    headers: [],
  };
}
