import { Button, Heading, Text } from '@react-email/components';
import { BRAND } from './brand';
import { safeUrl } from './data';
import { buttonStyle, EmailLayout, headingStyle, textStyle } from './layout';

export interface WebhookEndpointDisabledEmailProps {
  /** The endpoint's URL as staff entered it (not personal data). */
  endpointUrl: string;
  /** Why it was disabled: "it failed every delivery for 3 days". */
  reason: string;
  /** The console's integrations page. */
  integrationsUrl: string;
  siteUrl: string;
}

export const WEBHOOK_ENDPOINT_DISABLED_SUBJECT = `A webhook endpoint was disabled on ${BRAND.productName}`;

/**
 * Tells the Owners that the API disabled a webhook endpoint (issue 34): it answered
 * 410 Gone, or failed every delivery for 3 days. Events for it are no longer sent.
 */
export function WebhookEndpointDisabledEmail({
  endpointUrl,
  reason,
  integrationsUrl,
  siteUrl,
}: WebhookEndpointDisabledEmailProps) {
  const href = safeUrl(integrationsUrl);
  return (
    <EmailLayout
      preview="A webhook endpoint was disabled"
      siteUrl={siteUrl}
      reason={`You receive this because you are an Owner of the ${BRAND.productName} admin console.`}
    >
      <Heading style={headingStyle}>A webhook endpoint was disabled</Heading>
      <Text style={textStyle}>
        The webhook endpoint {endpointUrl} was disabled because {reason}. Events are no longer sent
        to it.
      </Text>
      <Text style={textStyle}>
        Once the receiver works again, enable the endpoint and resend the failed deliveries from its
        delivery log.
      </Text>
      {href ? (
        <Button href={href} style={buttonStyle}>
          Open the integrations
        </Button>
      ) : null}
    </EmailLayout>
  );
}
