import { Button, Heading, Text } from '@react-email/components';
import { BRAND } from './brand';
import { safeUrl } from './data';
import { buttonStyle, EmailLayout, headingStyle, textStyle } from './layout';

export interface TwoFactorResetEmailProps {
  /** The console's sign-in page (no token: the mail grants nothing). */
  signInUrl: string;
  siteUrl: string;
}

export const TWO_FACTOR_RESET_SUBJECT = `Two-factor sign-in was reset on your ${BRAND.productName} console account`;

/**
 * Tells a staff member that an administrator removed their second factor (issue 19):
 * their password alone signs in until they set it up again. Carries no link token.
 */
export function TwoFactorResetEmail({ signInUrl, siteUrl }: TwoFactorResetEmailProps) {
  const href = safeUrl(signInUrl);
  return (
    <EmailLayout
      preview="Two-factor sign-in was reset"
      siteUrl={siteUrl}
      reason={`You receive this because it concerns the security of your ${BRAND.productName} admin console account.`}
    >
      <Heading style={headingStyle}>Two-factor sign-in was reset</Heading>
      <Text style={textStyle}>
        An administrator of the {BRAND.productName} admin console reset two-factor sign-in on your
        account: your authenticator app, recovery codes and passkeys no longer work for it, and your
        signed-in sessions were ended.
      </Text>
      <Text style={textStyle}>
        Sign in with your password, then set up two-factor sign-in again on your Security page.
      </Text>
      {href ? (
        <Button href={href} style={buttonStyle}>
          Sign in to the console
        </Button>
      ) : null}
      <Text style={textStyle}>
        If you did not ask for this, tell your administrator at once and change your password.
      </Text>
    </EmailLayout>
  );
}
