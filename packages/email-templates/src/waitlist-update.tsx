import { Button, Heading, Text } from '@react-email/components';
import { BRAND } from './brand';
import type { ResolvedEmailData } from './data';
import { buttonStyle, EmailLayout, headingStyle, textStyle } from './layout';

/** The 'Hang Tight' update an admin sends to a waitlist entry (spec section 4). */
export function WaitlistUpdateEmail({ firstName, siteUrl, unsubscribeUrl }: ResolvedEmailData) {
  return (
    <EmailLayout
      preview="Your place on the waitlist is safe: here's where things stand"
      siteUrl={siteUrl}
      unsubscribeUrl={unsubscribeUrl}
      reason={`You receive this because you joined the ${BRAND.productName} waitlist.`}
    >
      <Heading style={headingStyle}>Hang tight, {firstName}!</Heading>
      <Text style={textStyle}>
        Thank you for your patience. The {BRAND.productName} beta is limited to {BRAND.betaCap}{' '}
        testers and we are opening places in small waves, so that every tester gets our full
        attention.
      </Text>
      <Text style={textStyle}>
        Your place on the waitlist is safe. As soon as a spot opens for you, we&apos;ll send your
        invitation, and waitlist members keep their early-adopter pricing.
      </Text>
      <Button href={`${siteUrl}/features#roadmap`} style={buttonStyle}>
        See what&apos;s coming
      </Button>
    </EmailLayout>
  );
}
