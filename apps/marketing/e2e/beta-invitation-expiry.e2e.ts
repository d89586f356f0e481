import { describe, expect, it } from 'vitest';
import {
  acceptLinkMailedTo,
  approveAgain,
  inviteToBeta,
  participantOf,
  seatsOf,
  signInStaff,
  waitlistEntryOf,
} from './beta-invitation';
import { hydrated, setUpHarness } from './harness';

/*
 * Issue 11: an invitation that is not accepted in time frees its seat, and its
 * entry goes back to the queue marked expired. The API here holds a seat for
 * three seconds (INVITATION_HOLD_DAYS takes fractions), so the invitation lapses
 * during the test without touching the database.
 */

const SETUP_TOKEN = 'e2e-expiry-setup-token-0123456789';
const HOLD_SECONDS = 3;
const { harness, openPage } = setUpHarness({
  apiEnv: {
    ADMIN_SETUP_TOKEN: SETUP_TOKEN,
    INVITATION_HOLD_DAYS: String(HOLD_SECONDS / 86_400),
  },
});

describe('an invitation that lapses (issue 11)', () => {
  it('stops holding its seat, is refused on the page, and its entry goes back to the queue', async () => {
    const staff = await signInStaff(harness.stack, SETUP_TOKEN);
    const email = `grace-${Date.now()}@example.com`;
    const entryId = await inviteToBeta(harness.stack, staff, {
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const link = await acceptLinkMailedTo(harness.stack, staff, email);
    expect((await participantOf(harness.stack, staff, email)).status).toBe('invited');

    // Lapsed: it no longer counts as a seat held, before any job has run.
    await expect
      .poll(async () => (await seatsOf(harness.stack, staff)).held, { timeout: 20_000 })
      .toBe(0);

    const page = await openPage(`${link.pathname}${link.search}`, { allowStatus: 410 });
    await hydrated(page);
    await page.getByRole('button', { name: 'Accept my invitation' }).click();
    await page.getByRole('heading', { name: 'This invitation has expired' }).waitFor();

    // Back in the queue, marked expired; and it can be approved again.
    const entry = await waitlistEntryOf(harness.stack, staff, email);
    expect(entry.participantId).toBeNull();
    expect(entry.invitationExpiredAt).not.toBeNull();
    expect(await approveAgain(harness.stack, staff, entryId)).toBe(201);
    expect((await waitlistEntryOf(harness.stack, staff, email)).invitationExpiredAt).toBeNull();
  });
});
