import {
  Body,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';
import { BRAND, colors } from './brand';

export interface EmailLayoutProps {
  /** The inbox preview line. */
  preview: string;
  siteUrl: string;
  /** Present on bulk (broadcast) mail: a visible, working opt-out link. */
  unsubscribeUrl?: string;
  /** Why the recipient receives this mail. */
  reason: string;
  children: ReactNode;
}

const body = {
  backgroundColor: colors.background,
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  margin: 0,
  padding: '24px 0',
};
const card = {
  backgroundColor: colors.card,
  borderRadius: '8px',
  margin: '0 auto',
  maxWidth: '560px',
  padding: '32px',
};
const wordmark = { color: colors.accent, fontSize: '20px', fontWeight: 700, margin: '0 0 24px' };
const footer = { color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: '4px 0' };

/** The frame shared by every Wordloom email: wordmark, card, footer. */
export function EmailLayout({
  preview,
  siteUrl,
  unsubscribeUrl,
  reason,
  children,
}: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Text style={wordmark}>{BRAND.productName}</Text>
          {children}
          <Hr style={{ borderColor: colors.rule, margin: '32px 0 16px' }} />
          <Section>
            <Text style={footer}>
              {BRAND.productName}, {BRAND.tagline}.{' '}
              <Link href={siteUrl} style={{ color: colors.muted }}>
                {siteUrl.replace(/^https?:\/\//, '')}
              </Link>
            </Text>
            <Text style={footer}>{reason}</Text>
            {unsubscribeUrl ? (
              <Text style={footer}>
                Don&apos;t want these emails?{' '}
                <Link href={unsubscribeUrl} style={{ color: colors.muted }}>
                  Unsubscribe
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const textStyle = { color: colors.ink, fontSize: '15px', lineHeight: '24px' };
export const headingStyle = {
  color: colors.ink,
  fontSize: '24px',
  lineHeight: '32px',
  margin: '0 0 16px',
};
export const buttonStyle = {
  backgroundColor: colors.accent,
  borderRadius: '6px',
  color: '#ffffff',
  display: 'inline-block',
  fontSize: '15px',
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};
