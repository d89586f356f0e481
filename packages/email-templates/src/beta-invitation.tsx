import { Button, Heading, Link, Text } from '@react-email/components';
import { BRAND } from './brand';
import type { ResolvedEmailData } from './data';
import { buttonStyle, EmailLayout, headingStyle, textStyle } from './layout';

/** '9 June 2026', in UTC: the day an invitation lapses. */
function dayOf(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Sent when an admin approves a waitlist entry (spec section 4), and on resend.
 * Issue 11: an invitation holds a seat until it is accepted through `actionUrl`
 * (a single-use link to the site's /beta/accept page) or lapses. Without a link
 * (an accepted participant's resend, a preview) the button opens the beta page.
 */
export function BetaInvitationEmail({
  firstName,
  siteUrl,
  unsubscribeUrl,
  actionUrl,
  invitationExpiresAt,
}: ResolvedEmailData) {
  const lapses = dayOf(invitationExpiresAt);
  return (
    <EmailLayout
      preview={`You're one of the ${BRAND.betaCap} testers of the ${BRAND.productName} beta`}
      siteUrl={siteUrl}
      unsubscribeUrl={unsubscribeUrl}
      reason={`You receive this because you applied for the ${BRAND.productName} beta.`}
    >
      <Heading style={headingStyle}>Welcome to the {BRAND.productName} beta</Heading>
      <Text style={textStyle}>Hi {firstName},</Text>
      <Text style={textStyle}>
        You&apos;re in. The private beta of {BRAND.productName}, {BRAND.tagline} that {BRAND.pitch},
        is limited to {BRAND.betaCap} testers, and you are one of them.
      </Text>
      <Text style={textStyle}>What we ask of you:</Text>
      <Text style={textStyle}>
        • About {BRAND.weeklyTestingMinutes} minutes a week creating real content.
        <br />• Frank feedback through the in-app button; we answer within{' '}
        {BRAND.feedbackResponseHours} hours.
        <br />• One live feedback session or survey.
        <br />• Keeping things confidential until launch.
      </Text>
      <Text style={textStyle}>
        Join the weekly onboarding webinar to get started, then work through the six-step checklist.
        New features drop every Monday.
      </Text>
      {actionUrl ? (
        <>
          <Text style={textStyle}>
            Your seat is held for you{lapses ? ` until ${lapses}` : ''}. Accept the invitation to
            take it; unaccepted, it goes to the next person on the waitlist. The link works once.
          </Text>
          <Button href={actionUrl} style={buttonStyle}>
            Accept your invitation
          </Button>
        </>
      ) : (
        <Button href={`${siteUrl}/beta`} style={buttonStyle}>
          Start your beta
        </Button>
      )}
      <Text style={textStyle}>
        Already exploring? Tell us how it went in the{' '}
        <Link href={`${siteUrl}/beta-feedback`}>beta feedback survey</Link>.
      </Text>
    </EmailLayout>
  );
}
