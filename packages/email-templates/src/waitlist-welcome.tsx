import { Button, Heading, Link, Text } from '@react-email/components';
import { BRAND } from './brand';
import type { ResolvedEmailData } from './data';
import { buttonStyle, EmailLayout, headingStyle, textStyle } from './layout';

/**
 * Sent automatically when someone joins the waitlist (issue 11: double opt-in).
 * The place counts once the address is confirmed through `actionUrl`.
 */
export function WaitlistWelcomeEmail({
  firstName,
  siteUrl,
  unsubscribeUrl,
  actionUrl,
  statusUrl,
}: ResolvedEmailData) {
  return (
    <EmailLayout
      preview={`Confirm your place on the ${BRAND.productName} waitlist`}
      siteUrl={siteUrl}
      unsubscribeUrl={unsubscribeUrl}
      reason={`You receive this because you joined the ${BRAND.productName} waitlist.`}
    >
      <Heading style={headingStyle}>You&apos;re on the list!</Heading>
      <Text style={textStyle}>Hi {firstName},</Text>
      <Text style={textStyle}>
        Thanks for joining the waitlist for {BRAND.productName}, {BRAND.tagline} that {BRAND.pitch}.
      </Text>
      <Text style={textStyle}>
        Please confirm your email address to take your place in the queue. The link works once and
        for 7 days; if you did not sign up, ignore this message and we will forget the address.
      </Text>
      <Button href={actionUrl ?? `${siteUrl}/beta`} style={buttonStyle}>
        Confirm my place
      </Button>
      {statusUrl ? (
        <Text style={textStyle}>
          Once confirmed, <Link href={statusUrl}>see your place in the queue</Link> at any time, and
          move up by sharing your referral link.
        </Text>
      ) : null}
      <Text style={textStyle}>
        As a waitlist member you get early access, product updates, a say in what we build next, and
        exclusive early-adopter pricing.
      </Text>
    </EmailLayout>
  );
}
