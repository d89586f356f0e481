import { Button, Heading, Text } from '@react-email/components';
import { BRAND } from './brand';
import type { ResolvedEmailData } from './data';
import { buttonStyle, EmailLayout, headingStyle, textStyle } from './layout';

/** Sent automatically when someone joins the waitlist. */
export function WaitlistWelcomeEmail({ firstName, siteUrl, unsubscribeUrl }: ResolvedEmailData) {
  return (
    <EmailLayout
      preview={`You're on the ${BRAND.productName} waitlist`}
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
        As a waitlist member you get early access, product updates, a say in what we build next, and
        exclusive early-adopter pricing. We&apos;ll reach out when the product is ready for you.
      </Text>
      <Button href={`${siteUrl}/blog`} style={buttonStyle}>
        Read the blog while you wait
      </Button>
    </EmailLayout>
  );
}
