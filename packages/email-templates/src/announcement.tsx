import { Button, Heading, Text } from '@react-email/components';
import { BRAND } from './brand';
import type { ResolvedEmailData } from './data';
import { buttonStyle, EmailLayout, headingStyle, textStyle } from './layout';

export const DEFAULT_ANNOUNCEMENT = {
  subject: `News from the ${BRAND.productName} beta`,
  heading: `What's new in ${BRAND.productName}`,
  body: [
    'We shipped a new round of improvements this Monday, shaped by your feedback.',
    'Log in to try them, and tell us what works and what does not: every message reaches the people building the product.',
  ].join('\n\n'),
};

/** A general announcement for bulk sends; heading and body are plain text. */
export function AnnouncementEmail({
  firstName,
  siteUrl,
  unsubscribeUrl,
  heading,
  body,
}: ResolvedEmailData) {
  const paragraphs = (body?.trim() ? body : DEFAULT_ANNOUNCEMENT.body)
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const title = heading?.trim() || DEFAULT_ANNOUNCEMENT.heading;
  return (
    <EmailLayout
      preview={title}
      siteUrl={siteUrl}
      unsubscribeUrl={unsubscribeUrl}
      reason={`You receive this because you take part in the ${BRAND.productName} beta.`}
    >
      <Heading style={headingStyle}>{title}</Heading>
      <Text style={textStyle}>Hi {firstName},</Text>
      {paragraphs.map((paragraph, index) => (
        <Text key={index} style={textStyle}>
          {paragraph}
        </Text>
      ))}
      <Button href={siteUrl} style={buttonStyle}>
        Open {BRAND.productName}
      </Button>
    </EmailLayout>
  );
}
