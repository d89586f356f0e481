import type { ToastInput } from '@repo/ui';
import { SITE_NAME } from './site';

/** The toasts of spec section 8, word for word, written once. */
export const TOASTS = {
  waitlistSuccess: {
    title: 'Successfully joined the waitlist!',
    // The spec's wording names the product here.
    description: `We'll reach out when ${SITE_NAME} is ready for you.`,
  },
  waitlistDuplicate: {
    title: "You're already on our waitlist!",
    description:
      "Thanks for your continued interest. We'll notify you as soon as beta access is available.",
  },
  waitlistInvalid: {
    title: 'Please check your information',
    description: 'Some required fields may be missing or invalid. Please review and try again.',
    variant: 'destructive',
  },
  waitlistFailed: {
    title: 'Unable to submit form',
    description:
      "We're experiencing technical difficulties. Please try again in a few moments or contact us directly.",
    variant: 'destructive',
  },
  // Issue 11: the description is the server's reason (unknown, expired, used up).
  inviteCodeRefused: {
    title: 'Invite code not accepted',
    variant: 'destructive',
  },
  contactSuccess: {
    title: 'Message sent!',
    description: "We'll get back to you as soon as possible.",
  },
  contactFailed: {
    title: 'Failed to send message',
    description: 'Please try again later or email us directly.',
    variant: 'destructive',
  },
  surveySuccess: {
    title: 'Thank you for your feedback!',
    description: 'Your responses were submitted successfully.',
  },
  surveyFailed: {
    title: 'Unable to submit feedback',
    description: "We're experiencing technical difficulties. Please try again in a few moments.",
    variant: 'destructive',
  },
} satisfies Record<string, ToastInput>;
