import { describe, expect, it } from 'vitest';
import { acceptLinkMailedTo, inviteToBeta, participantOf, signInStaff } from './beta-invitation';
import { hydrated, setUpHarness } from './harness';

/*
 * Issue 11, the visitor's path: an approved person opens the invitation email's
 * link, accepts on the page, and is welcomed; the same link does nothing twice.
 * The link is read from the mail the API queued (the outbox, through a staff
 * session), as the person would open it.
 */

const SETUP_TOKEN = 'e2e-seats-setup-token-0123456789';
const { harness, openPage } = setUpHarness({ apiEnv: { ADMIN_SETUP_TOKEN: SETUP_TOKEN } });

describe('accepting a beta invitation (issue 11)', () => {
  it('opens the mailed link, accepts with the button, and is welcomed; the link works once', async () => {
    const staff = await signInStaff(harness.stack, SETUP_TOKEN);
    const email = `ada-${Date.now()}@example.com`;
    await inviteToBeta(harness.stack, staff, { email, firstName: 'Ada', lastName: 'Lovelace' });
    const link = await acceptLinkMailedTo(harness.stack, staff, email);
    expect(link.origin).toBe(harness.baseUrl);
    expect(link.pathname).toBe('/beta/accept');

    const page = await openPage(`${link.pathname}${link.search}`);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Accept your beta invitation' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe(
      'noindex, follow',
    );
    // Opening the page (as a mail scanner would) accepted nothing.
    expect((await participantOf(harness.stack, staff, email)).status).toBe('invited');

    await page.getByRole('button', { name: 'Accept my invitation' }).click();
    await page.getByRole('heading', { name: 'Welcome to the beta, Ada!' }).waitFor();
    const participant = await participantOf(harness.stack, staff, email);
    expect(participant).toMatchObject({ status: 'active', acceptedAt: expect.any(String) });
    expect(participant.lastActiveAt).not.toBeNull();

    // The same link again: refused, and the page says so.
    const again = await openPage(`${link.pathname}${link.search}`, { allow404: true });
    await hydrated(again);
    await again.getByRole('button', { name: 'Accept my invitation' }).click();
    await again.getByRole('heading', { name: 'This link has already been used' }).waitFor();
  });

  it('shows an address without a token as an invalid link', async () => {
    const page = await openPage('/beta/accept');
    await hydrated(page);
    await page.getByRole('heading', { name: 'This invitation link is invalid' }).waitFor();
    expect(await page.getByRole('button', { name: 'Accept my invitation' }).count()).toBe(0);
  });
});
