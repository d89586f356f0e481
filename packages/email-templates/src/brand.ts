import { BETA_CAP } from '@repo/validation';

/** The brand facts every email repeats (spec section 1), written once. */
export const BRAND = {
  productName: 'Wordloom',
  tagline: 'the AI content platform',
  pitch: 'turns ideas into publish-ready, SEO-optimised content',
  betaCap: BETA_CAP,
  weeklyTestingMinutes: 45,
  feedbackResponseHours: 24,
} as const;

export const colors = {
  ink: '#1f2937',
  muted: '#6b7280',
  accent: '#4f46e5',
  background: '#f4f4f7',
  card: '#ffffff',
  rule: '#e5e7eb',
} as const;
