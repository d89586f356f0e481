import type { WaitlistEntry } from '@repo/api-client';

/** A confirmed waitlist entry in the queue, as the API lists it, with `overrides`. */
export function waitlistEntry(overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    id: 'w1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    companyName: null,
    monthlyContentVolume: null,
    biggestChallenge: null,
    primaryUse: 'Blog Writing',
    userType: null,
    contentWorkflow: null,
    createdAt: '2025-05-26T12:00:00.000Z',
    participantId: null,
    confirmedAt: '2025-05-26T12:05:00.000Z',
    referralCode: 'ADA23456',
    referredById: null,
    referralCount: 0,
    position: 1,
    invitationExpiredAt: null,
    ...overrides,
  };
}
