import { Button, Heading, Text } from '@react-email/components';
import { BRAND } from './brand';
import { safeUrl } from './data';
import { buttonStyle, EmailLayout, headingStyle, textStyle } from './layout';

export type AccountEmailPurpose = 'verify_email' | 'invite';

export interface AccountVerificationEmailProps {
  /** 'verify_email': confirm a registration; 'invite': accept an invitation. */
  purpose: AccountEmailPurpose;
  /** The single-use link (valid 24 hours). */
  actionUrl: string;
  siteUrl: string;
}

const COPY = {
  verify_email: {
    subject: `Confirm your email address for the ${BRAND.productName} console`,
    heading: 'Confirm your email address',
    intro: `Someone, hopefully you, created a staff account for the ${BRAND.productName} admin console with this address. Your account works once you confirm it.`,
    button: 'Confirm my email address',
    reason: `You receive this because this address was used to register for the ${BRAND.productName} admin console. If that was not you, ignore this email: no account is activated without this link.`,
  },
  invite: {
    subject: `You're invited to the ${BRAND.productName} admin console`,
    heading: 'You are invited',
    intro: `A ${BRAND.productName} administrator invited you to create a staff account for the admin console.`,
    button: 'Accept the invitation',
    reason: `You receive this because an administrator of the ${BRAND.productName} admin console invited this address. If you did not expect it, ignore this email.`,
  },
} as const;

export function accountEmailSubject(purpose: AccountEmailPurpose): string {
  return COPY[purpose].subject;
}

/** The single-use link that confirms a staff registration or accepts an invitation. */
export function AccountVerificationEmail({
  purpose,
  actionUrl,
  siteUrl,
}: AccountVerificationEmailProps) {
  const copy = COPY[purpose];
  // Only an absolute http(s) link reaches the href.
  const href = safeUrl(actionUrl);
  return (
    <EmailLayout preview={copy.heading} siteUrl={siteUrl} reason={copy.reason}>
      <Heading style={headingStyle}>{copy.heading}</Heading>
      <Text style={textStyle}>{copy.intro}</Text>
      {href ? (
        <Button href={href} style={buttonStyle}>
          {copy.button}
        </Button>
      ) : null}
      <Text style={textStyle}>
        The link works once and expires in 24 hours. If the button does not work, copy this address
        into your browser: {href ?? ''}
      </Text>
    </EmailLayout>
  );
}
