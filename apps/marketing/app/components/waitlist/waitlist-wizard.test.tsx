import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, createSiteEndpoints } from '@repo/api-client';
import { Toaster } from '@repo/ui';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readWaitlistForm, signUpFromForm, type WaitlistActionData } from './waitlist-submission';
import { WaitlistWizard } from './waitlist-wizard';

const track = vi.fn();
vi.mock('@repo/analytics/react', () => ({ useAnalytics: () => ({ track }) }));

/**
 * Issue 22: the wizard submits through /beta's action with a Remix fetcher. Here the
 * fetcher runs what the action runs (read the form, check it, call the API), with
 * the API's answers from `fetch`, mocked below.
 */
const fetcherPosts: { form: FormData; action?: string }[] = [];
function useActionFetcher() {
  const [fetcher, setFetcher] = useState<{
    state: 'idle' | 'submitting';
    data?: WaitlistActionData;
  }>({ state: 'idle' });
  const submit = (form: FormData, options: { action?: string }) => {
    fetcherPosts.push({ form, action: options.action });
    setFetcher((previous) => ({ ...previous, state: 'submitting' }));
    const api = createSiteEndpoints(createApiClient({ baseUrl: '' }));
    void signUpFromForm(readWaitlistForm(form), api).then(({ data }) =>
      setFetcher({ state: 'idle', data }),
    );
  };
  return { ...fetcher, submit };
}
vi.mock('@remix-run/react', async () => ({
  ...(await import('../../../test/remix-stub')).remixReactStub,
  useFetcher: useActionFetcher,
  useLocation: () => ({ pathname: '/beta', search: '' }),
}));

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderWizard(variant: 'inline' | 'overlay' = 'inline') {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(
    <>
      <WaitlistWizard variant={variant} />
      <Toaster />
    </>,
  );
  return user;
}

async function fillRequiredSteps(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('What is your work email?'), 'ada@example.com{Enter}');
  await user.type(screen.getByLabelText('What is your first name?'), 'Ada{Enter}');
  await user.type(screen.getByLabelText('And your last name?'), 'Lovelace{Enter}');
  await user.type(
    screen.getByLabelText('Which company do you work for?'),
    'Analytical Engines{Enter}',
  );
}

async function choosePrimaryUse(user: ReturnType<typeof userEvent.setup>, option = 'Blog Writing') {
  await user.click(
    screen.getByRole('combobox', { name: 'What will you mainly use Wordloom for?' }),
  );
  await user.click(await screen.findByRole('option', { name: option }));
}

/**
 * Radix moves a radio group's focus on the next tick and checks the radio it lands on
 * only while the arrow key is still down, as a person's key is: held until then.
 */
async function pressArrowDown(user: ReturnType<typeof userEvent.setup>) {
  const focused = document.activeElement;
  await user.keyboard('{ArrowDown>}');
  await waitFor(() => expect(document.activeElement).not.toBe(focused));
  await user.keyboard('{/ArrowDown}');
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  track.mockClear();
  fetchMock.mockReset();
  fetcherPosts.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** On the next step, still there once the choice's auto-advance would have fired, and reported once. */
function expectMovedOnOnce() {
  expect(screen.getByText('Step 6 of 7')).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(1000));
  expect(screen.getByText('Step 6 of 7')).toBeInTheDocument();
  const userTypeSteps = track.mock.calls.filter(
    ([type, data]) =>
      type === 'waitlist_step_completed' &&
      (data as { step_name: string }).step_name === 'userType',
  );
  expect(userTypeSteps).toHaveLength(1);
}

describe('waitlist wizard', () => {
  it('starts on the email step with Back disabled and Continue disabled until the email is valid', async () => {
    const user = renderWizard();
    expect(screen.getByText('Step 1 of 7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('What is your work email?'), 'ada@');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('What is your work email?'), 'example.com');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(next).toBeEnabled();
  });

  it('advances with Enter only when the value is valid, and reports each completed step', async () => {
    const user = renderWizard();
    await user.type(screen.getByLabelText('What is your work email?'), 'nope{Enter}');
    expect(screen.getByText('Step 1 of 7')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('What is your work email?'));
    await user.type(screen.getByLabelText('What is your work email?'), 'ada@example.com{Enter}');
    expect(screen.getByText('Step 2 of 7')).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('waitlist_step_completed', {
      step_name: 'email',
      step_number: 1,
      total_steps: 7,
    });
    await user.type(screen.getByLabelText('What is your first name?'), 'A');
    expect(screen.getByText('First name is required')).toBeInTheDocument();
  });

  it('advances with Enter on the radio step, where the arrow keys still choose', async () => {
    const user = renderWizard();
    await fillRequiredSteps(user);
    expect(screen.getByText('Step 5 of 7')).toBeInTheDocument();
    // Focus moved into the radio group with the step: the first option.
    expect(screen.getByRole('radio', { name: 'Freelancer' })).toHaveFocus();
    await pressArrowDown(user);
    expect(screen.getByRole('radio', { name: 'Agency' })).toBeChecked();
    expect(screen.getByText('Step 5 of 7')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Step 6 of 7')).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('waitlist_step_completed', {
      step_name: 'userType',
      step_number: 5,
      total_steps: 7,
    });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Agency' })).toBeChecked();
  });

  it('moves on once with Enter after a radio choice in the overlay, not again 500 ms later', async () => {
    const user = renderWizard('overlay');
    await fillRequiredSteps(user);
    await pressArrowDown(user);
    await user.keyboard('{Enter}');
    expectMovedOnOnce();
  });

  it('moves on once with Continue clicked right after a radio choice in the overlay', async () => {
    const user = renderWizard('overlay');
    await fillRequiredSteps(user);
    await user.click(screen.getByRole('radio', { name: 'Agency' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expectMovedOnOnce();
  });

  it('lets the two optional steps be skipped and shows progress as step / 7', async () => {
    const user = renderWizard();
    await fillRequiredSteps(user);
    expect(screen.getByText('Step 5 of 7')).toBeInTheDocument();
    expect(screen.getByText('71%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Step 6 of 7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Step 7 of 7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 6 of 7')).toBeInTheDocument();
  });

  it('auto-advances 500 ms after a radio choice in the overlay', async () => {
    const user = renderWizard('overlay');
    await fillRequiredSteps(user);
    // From here the clock moves only when told to, so the 500 ms are exact.
    vi.useRealTimers();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('radio', { name: 'Agency' }));
    act(() => vi.advanceTimersByTime(499));
    expect(screen.getByText('Step 5 of 7')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Step 6 of 7')).toBeInTheDocument();
  });

  it('does not auto-advance inline', async () => {
    const user = renderWizard('inline');
    await fillRequiredSteps(user);
    await user.click(screen.getByRole('radio', { name: 'Agency' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Step 5 of 7')).toBeInTheDocument();
  });

  it('submits and shows the success screen and toast', async () => {
    let resolve: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    const user = renderWizard('overlay');
    await fillRequiredSteps(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await choosePrimaryUse(user);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await act(async () => resolve(answer(201, { id: 'x' })));
    expect(await screen.findByText("You're on the list!")).toBeInTheDocument();
    expect(screen.getByText('Successfully joined the waitlist!')).toBeInTheDocument();
    // Issue 11: the address must be confirmed before the place counts.
    expect(screen.getByText(/We've sent a confirmation link to/)).toHaveTextContent(/\S+@example/);
    expect(screen.getByRole('link', { name: 'Back to Homepage' })).toHaveAttribute('href', '/');
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      primaryUse: 'Blog Writing',
      website: '',
    });
    // Through the page's action, marked as the script's post (its events are its own).
    expect(fetcherPosts.map(({ action }) => action)).toEqual(['/beta']);
    expect(fetcherPosts[0]?.form.get('enhanced')).toBe('1');
    expect(track).toHaveBeenCalledWith('waitlist_signup', expect.any(Object));
    expect(track).toHaveBeenCalledWith('waitlist_step_completed', {
      step_name: 'primaryUse',
      step_number: 7,
      total_steps: 7,
    });
  });

  it("paints 'Submitting...' in the click's own frame and posts in the task after it (issue 32, INP)", async () => {
    fetchMock.mockResolvedValueOnce(answer(201, { id: 'x' }));
    const user = renderWizard('overlay');
    await fillRequiredSteps(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await choosePrimaryUse(user);
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    // The click's work ends with the button's new state; the post is not part of it.
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(fetcherPosts).toHaveLength(0);
    await waitFor(() => expect(fetcherPosts).toHaveLength(1));
    expect(await screen.findByText("You're on the list!")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('treats a duplicate email as success with its own toast', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(409, { type: 'duplicate_email', message: 'Already registered' }),
    );
    const user = renderWizard();
    await fillRequiredSteps(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await choosePrimaryUse(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText("You're on the list!")).toBeInTheDocument();
    expect(screen.getByText("You're already on our waitlist!")).toBeInTheDocument();
  });

  it('keeps the form and shows the right toast on a 400 or another failure', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(400, { type: 'validation_error', message: 'Invalid', issues: [] }),
    );
    fetchMock.mockResolvedValueOnce(answer(500, { message: 'Boom' }));
    const user = renderWizard();
    await fillRequiredSteps(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await choosePrimaryUse(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please check your information')).toBeInTheDocument();
    expect(screen.getByText('Step 7 of 7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Unable to submit form')).toBeInTheDocument();
  });

  it('has a honeypot people never reach, and sends what a bot wrote into it', async () => {
    fetchMock.mockResolvedValueOnce(answer(201, { id: 'x' }));
    const user = renderWizard('inline');
    const honeypot = screen.getByLabelText<HTMLInputElement>('Leave this field empty');
    expect(honeypot).toHaveAttribute('name', 'website');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    honeypot.value = 'https://spam.example';
    await fillRequiredSteps(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await choosePrimaryUse(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body.website).toBe('https://spam.example');
  });

  it('submits with Enter on the select step once a use is chosen; before that Enter opens the list', async () => {
    fetchMock.mockResolvedValueOnce(answer(201, { id: 'x' }));
    const user = renderWizard();
    await fillRequiredSteps(user);
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    const select = screen.getByRole('combobox', { name: 'What will you mainly use Wordloom for?' });
    expect(screen.getByText('Step 7 of 7')).toBeInTheDocument();
    expect(select).toHaveFocus();
    // Nothing chosen yet: Enter is Radix's, and opens the list.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Content Marketing' })).toHaveFocus(),
    );
    // In the open list Enter chooses the option under focus (and does not submit).
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(select).toHaveTextContent('Blog Writing');
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(select).toHaveFocus());
    // Chosen: Enter on the closed select submits.
    await user.keyboard('{Enter}');
    expect(await screen.findByText("You're on the list!")).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body.primaryUse).toBe('Blog Writing');
  });
});
