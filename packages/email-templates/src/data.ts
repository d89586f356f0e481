/**
 * The values a template may interpolate. Everything is optional so that the
 * admin's test sends and previews can pass partial data; `resolveData` fills
 * the gaps. Values from users are only ever rendered as React text or
 * attributes, so React escapes them.
 */
export interface EmailTemplateData {
  firstName?: string;
  lastName?: string;
  email?: string;
  companyName?: string;
  /** The public site, e.g. https://wordloom.ai (PUBLIC_SITE_URL). */
  siteUrl?: string;
  /** Set on bulk sends: a signed link to the public opt-out endpoint. */
  unsubscribeUrl?: string;
  /** The message's one action: a single-use link (confirm an address, accept an invitation). */
  actionUrl?: string;
  /** Waitlist confirmation: the signed link to the person's place in the queue. */
  statusUrl?: string;
  /** Beta invitation: when the seat it holds lapses unless accepted (ISO 8601). */
  invitationExpiresAt?: string;
  /** Announcement only: subject, heading and body (paragraphs split by blank lines). */
  subject?: string;
  heading?: string;
  body?: string;
}

export interface ResolvedEmailData extends EmailTemplateData {
  firstName: string;
  siteUrl: string;
}

export const DEFAULT_SITE_URL = 'https://wordloom.ai';

/** Only absolute http(s) URLs reach an href; anything else (javascript:, data:) is dropped. */
export function safeUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** A site URL without a trailing slash, so paths can be appended. */
function siteUrlOf(value: string | undefined): string {
  return (safeUrl(value) ?? DEFAULT_SITE_URL).replace(/\/+$/, '');
}

function clean(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function resolveData(data: EmailTemplateData): ResolvedEmailData {
  return {
    ...data,
    firstName: clean(data.firstName) ?? 'there',
    siteUrl: siteUrlOf(data.siteUrl),
    unsubscribeUrl: safeUrl(data.unsubscribeUrl),
    actionUrl: safeUrl(data.actionUrl),
    statusUrl: safeUrl(data.statusUrl),
  };
}

/** A subject is one header line: no line breaks (header injection), bounded length. */
export function oneLine(text: string, max = 200): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .slice(0, max);
}
