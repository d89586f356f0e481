import { toPlainText } from '@react-email/render';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  type AccountEmailPurpose,
  accountEmailSubject,
  AccountVerificationEmail,
} from './account-verification';
import { AnnouncementEmail, DEFAULT_ANNOUNCEMENT } from './announcement';
import { BetaInvitationEmail } from './beta-invitation';
import { BRAND } from './brand';
import { type EmailTemplateData, oneLine, type ResolvedEmailData, resolveData } from './data';
import { TWO_FACTOR_RESET_SUBJECT, TwoFactorResetEmail } from './two-factor-reset';
import {
  WEBHOOK_ENDPOINT_DISABLED_SUBJECT,
  WebhookEndpointDisabledEmail,
} from './webhook-endpoint-disabled';
import { WaitlistUpdateEmail } from './waitlist-update';
import { WaitlistWelcomeEmail } from './waitlist-welcome';

export type { AccountEmailPurpose } from './account-verification';
export { BRAND } from './brand';
export { DEFAULT_SITE_URL, type EmailTemplateData, safeUrl } from './data';

export const EMAIL_TEMPLATE_IDS = [
  'beta-invitation',
  'waitlist-update',
  'waitlist-welcome',
  'announcement',
] as const;
export type EmailTemplateId = (typeof EMAIL_TEMPLATE_IDS)[number];

export type EmailTemplateCategory = 'beta' | 'waitlist' | 'announcement';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface EmailTemplateDefinition {
  id: EmailTemplateId;
  name: string;
  description: string;
  category: EmailTemplateCategory;
  /** Data used by previews and test sends when none is given. */
  sampleData: EmailTemplateData;
  subject: (data: EmailTemplateData) => string;
  /** HTML and its plain-text alternative. */
  render: (data: EmailTemplateData) => Promise<{ html: string; text: string }>;
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/*
 * Rendered with renderToStaticMarkup rather than @react-email/render's render():
 * the latter goes through React 18's streaming renderer, which corrupts a
 * multi-byte character that straddles its 2 KB chunk boundary (a NUL byte
 * appears, and PostgreSQL refuses the text). The templates are synchronous,
 * so the static renderer gives the same HTML.
 */
function define(
  template: Omit<EmailTemplateDefinition, 'render' | 'subject'> & {
    subject: (data: ResolvedEmailData) => string;
    component: FunctionComponent<ResolvedEmailData>;
  },
): EmailTemplateDefinition {
  const { component, subject, ...rest } = template;
  return {
    ...rest,
    subject: (data) => oneLine(subject(resolveData(data))),
    render: async (data) => {
      const html = `${DOCTYPE}${renderToStaticMarkup(createElement(component, resolveData(data)))}`;
      return { html, text: toPlainText(html) };
    },
  };
}

const sample = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  companyName: 'Analytical Engines',
};

export const emailTemplates: readonly EmailTemplateDefinition[] = [
  define({
    id: 'beta-invitation',
    name: 'Beta invitation',
    description: `Welcomes an approved waitlist member as one of the ${BRAND.betaCap} beta testers.`,
    category: 'beta',
    sampleData: sample,
    subject: ({ firstName }) => `You're in: welcome to the ${BRAND.productName} beta, ${firstName}`,
    component: BetaInvitationEmail,
  }),
  define({
    id: 'waitlist-update',
    name: "Waitlist update ('Hang Tight')",
    description: 'Tells a waitlist member their place is safe while beta places open in waves.',
    category: 'waitlist',
    sampleData: sample,
    subject: ({ firstName }) =>
      `Hang tight, ${firstName}: your ${BRAND.productName} beta spot is coming`,
    component: WaitlistUpdateEmail,
  }),
  define({
    id: 'waitlist-welcome',
    name: 'Waitlist confirmation',
    description:
      'Sent automatically when someone joins the waitlist: the link that confirms the address, and the one to their place in the queue.',
    category: 'waitlist',
    sampleData: sample,
    subject: () => `Confirm your place on the ${BRAND.productName} waitlist`,
    component: WaitlistWelcomeEmail,
  }),
  define({
    id: 'announcement',
    name: 'General announcement',
    description: 'A product announcement for bulk sends to beta participants.',
    category: 'announcement',
    sampleData: { ...sample, ...DEFAULT_ANNOUNCEMENT },
    subject: ({ subject }) => subject?.trim() || DEFAULT_ANNOUNCEMENT.subject,
    component: AnnouncementEmail,
  }),
];

export function findEmailTemplate(id: string): EmailTemplateDefinition | undefined {
  return emailTemplates.find((template) => template.id === id);
}

/** Subject, HTML and text of one template for `data`. */
export async function renderEmail(
  template: EmailTemplateDefinition,
  data: EmailTemplateData,
): Promise<RenderedEmail> {
  const { html, text } = await template.render(data);
  return { subject: template.subject(data), html, text };
}

/**
 * The staff account mail (issue 8): a registration's confirmation link or an
 * invitation. Transactional and sent by the API only, so it is not in
 * `emailTemplates` (the console's list for previews and bulk sends).
 */
export function renderAccountEmail(input: {
  purpose: AccountEmailPurpose;
  actionUrl: string;
  siteUrl?: string;
}): RenderedEmail {
  const siteUrl = resolveData({ siteUrl: input.siteUrl }).siteUrl;
  const html = `${DOCTYPE}${renderToStaticMarkup(
    createElement(AccountVerificationEmail, { ...input, siteUrl }),
  )}`;
  return { subject: accountEmailSubject(input.purpose), html, text: toPlainText(html) };
}

/**
 * The notice to a staff member whose two-factor sign-in an administrator reset
 * (issue 19). Transactional, sent by the API only; it carries no link token.
 */
export function renderTwoFactorResetEmail(input: {
  signInUrl: string;
  siteUrl?: string;
}): RenderedEmail {
  const siteUrl = resolveData({ siteUrl: input.siteUrl }).siteUrl;
  const html = `${DOCTYPE}${renderToStaticMarkup(
    createElement(TwoFactorResetEmail, { signInUrl: input.signInUrl, siteUrl }),
  )}`;
  return { subject: TWO_FACTOR_RESET_SUBJECT, html, text: toPlainText(html) };
}

/**
 * The notice to the Owners that the API disabled a webhook endpoint (issue 34).
 * Transactional, sent by the API only; it carries no link token.
 */
export function renderWebhookEndpointDisabledEmail(input: {
  endpointUrl: string;
  reason: string;
  integrationsUrl: string;
  siteUrl?: string;
}): RenderedEmail {
  const siteUrl = resolveData({ siteUrl: input.siteUrl }).siteUrl;
  const html = `${DOCTYPE}${renderToStaticMarkup(
    createElement(WebhookEndpointDisabledEmail, { ...input, siteUrl }),
  )}`;
  return { subject: WEBHOOK_ENDPOINT_DISABLED_SUBJECT, html, text: toPlainText(html) };
}
