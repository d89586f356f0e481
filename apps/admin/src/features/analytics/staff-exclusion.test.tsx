import { ANALYTICS_OPT_OUT_MESSAGE } from '@repo/validation';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { StaffExclusionCard } from './staff-exclusion-card';
import { StaffExclusionFrame } from './staff-exclusion-frame';
import { COUNT_THIS_BROWSER_KEY, resetStaffExclusion } from './staff-exclusion-store';

const SITE = 'http://site.test';

function frame(): HTMLIFrameElement {
  const found = document.querySelector<HTMLIFrameElement>('iframe[title="Site analytics opt-out"]');
  if (!found) throw new Error('no opt-out frame');
  return found;
}

/** What the site's page posts to the console, as if from the frame (or from somewhere else). */
function siteAnswers(excluded: boolean, { origin = SITE, source = frame().contentWindow } = {}) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin,
        source,
        data: { type: ANALYTICS_OPT_OUT_MESSAGE, excluded },
      }),
    );
  });
}

function renderShell(
  optOutPage: Parameters<typeof mockApi>[0][string] = {
    body: { url: `${SITE}/analytics-opt-out`, origin: SITE },
  },
) {
  mockApi({ 'GET /api/admin/analytics-opt-out': optOutPage });
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <StaffExclusionFrame />
      <StaffExclusionCard />
    </>,
  );
  return { user };
}

beforeEach(() => {
  localStorage.clear();
  resetStaffExclusion();
});

describe('staff exclusion from the site analytics', () => {
  it("loads the site's opt-out page hidden, asking it to exclude this browser, and says what it answered", async () => {
    renderShell();
    expect(
      screen.getByText('Checking whether this browser is excluded from the site’s analytics…'),
    ).toBeInTheDocument();
    await waitFor(() => frame());
    expect(frame().src).toBe(`${SITE}/analytics-opt-out?action=exclude`);
    expect(frame()).toHaveAttribute('aria-hidden', 'true');
    expect(frame()).toHaveAttribute('tabindex', '-1');
    siteAnswers(true);
    expect(
      await screen.findByText(/^This browser is excluded from the site’s analytics/),
    ).toBeInTheDocument();
  });

  it('believes only the frame, from the site origin, speaking the protocol', async () => {
    renderShell();
    await waitFor(() => frame());
    siteAnswers(true, { origin: 'http://evil.test' });
    siteAnswers(true, { source: window });
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { origin: SITE, source: frame().contentWindow, data: 'hi' }),
      );
    });
    expect(
      screen.getByText('Checking whether this browser is excluded from the site’s analytics…'),
    ).toBeInTheDocument();
  });

  it('counts the browser again on request, remembers the choice, and can exclude it again', async () => {
    const { user } = renderShell();
    await waitFor(() => frame());
    siteAnswers(true);
    await user.click(await screen.findByRole('button', { name: 'Count this browser again' }));
    await waitFor(() => expect(frame().src).toBe(`${SITE}/analytics-opt-out?action=include`));
    expect(localStorage.getItem(COUNT_THIS_BROWSER_KEY)).toBe('1');
    siteAnswers(false);
    expect(
      await screen.findByText('This browser is counted in the site’s analytics, like a visitor’s.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Exclude this browser' }));
    await waitFor(() => expect(frame().src).toBe(`${SITE}/analytics-opt-out?action=exclude`));
    expect(localStorage.getItem(COUNT_THIS_BROWSER_KEY)).toBeNull();
  });

  it('only asks, without excluding, in a browser whose staff member chose to be counted', async () => {
    localStorage.setItem(COUNT_THIS_BROWSER_KEY, '1');
    resetStaffExclusion();
    renderShell();
    await waitFor(() => expect(frame().src).toBe(`${SITE}/analytics-opt-out?action=status`));
  });

  it('says the site could not be reached when the API cannot name the page', async () => {
    renderShell({ status: 500, body: { message: 'down' } });
    expect(
      await screen.findByText(/^The site could not be reached to exclude this browser/),
    ).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('links to the opt-out page for a console on another domain', async () => {
    renderShell();
    const link = await screen.findByRole('link', { name: 'Open the site’s opt-out page' });
    expect(link).toHaveAttribute('href', `${SITE}/analytics-opt-out?action=exclude`);
    expect(link).toHaveAttribute('target', '_blank');
  });
});
