import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@repo/ui';
import { BETA_FEEDBACK_STEPS } from '@repo/validation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BetaFeedbackSurvey } from './beta-feedback-survey';
import { isRequired, SURVEY_FIELDS } from './survey-fields';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const user = userEvent.setup();
  const onOpenChange = vi.fn();
  render(
    <>
      <BetaFeedbackSurvey open onOpenChange={onOpenChange} />
      <Toaster />
    </>,
  );
  return { user, onOpenChange };
}

/** Answers every required field of the current step validly (first option of each scale). */
function answerStep(stepIndex: number) {
  for (const field of BETA_FEEDBACK_STEPS[stepIndex]!.fields) {
    const config = SURVEY_FIELDS[field];
    if (!isRequired(field)) continue;
    if (config.kind === 'choice') {
      fireEvent.click(document.getElementById(`survey-${field}-${config.options[0]}`)!);
    } else {
      const value =
        field === 'email'
          ? 'tester@example.com'
          : field === 'initialImpressions'
            ? 'Fast and clear from day one.'
            : 'Tester';
      fireEvent.change(document.getElementById(`survey-${field}`)!, { target: { value } });
    }
  }
}

describe('beta feedback survey', () => {
  it('shows step 1 of 9 with required fields marked and no Previous button', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Wordloom Beta Feedback' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 9')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toBeRequired();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
  });

  it('moves on only when every required field of the step is valid, with the spec messages', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 9')).toBeInTheDocument();
    answerStep(0);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 2 of 9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please enter your primary role')).toBeInTheDocument();
    expect(screen.getByText('Please select your AI experience level')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Step 1 of 9')).toBeInTheDocument();
  });

  it('scrolls to the top 100 ms after a step change', () => {
    vi.useFakeTimers();
    setup();
    const dialog = screen.getByRole('dialog');
    const scrollTo = vi.fn();
    dialog.scrollTo = scrollTo as unknown as typeof dialog.scrollTo;
    answerStep(0);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 2 of 9')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(99));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('submits all nine steps and shows the thank-you screen', async () => {
    let resolve: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    const { user } = setup();
    for (let index = 0; index < 8; index++) {
      answerStep(index);
      await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    expect(screen.getByText('Step 9 of 9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await act(async () => resolve(new Response('{}', { status: 201 })));
    expect(
      await screen.findByRole('heading', { name: 'Thank you for your feedback!' }),
    ).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, string>;
    expect(body.email).toBe('tester@example.com');
    expect(body.aiExperienceLevel).toBe('beginner');
    expect(body).not.toHaveProperty('generalFeedback');
    // 21 answers and the empty honeypot.
    expect(body.website).toBe('');
    expect(Object.keys(body)).toHaveLength(22);
  });

  it('shows the failure toast and stays on the last step when sending fails', async () => {
    fetchMock.mockResolvedValueOnce(new Response('down', { status: 500 }));
    const { user } = setup();
    for (let index = 0; index < 8; index++) {
      answerStep(index);
      await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Unable to submit feedback')).toBeInTheDocument();
    expect(screen.getByText('Step 9 of 9')).toBeInTheDocument();
  });

  it('has a honeypot people never reach, and sends what a bot wrote into it', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 201 }));
    const { user } = setup();
    const honeypot = screen.getByLabelText<HTMLInputElement>('Leave this field empty');
    expect(honeypot).toHaveAttribute('name', 'website');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    honeypot.value = 'https://spam.example';
    for (let index = 0; index < 8; index++) {
      answerStep(index);
      await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await screen.findByRole('heading', { name: 'Thank you for your feedback!' });
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, string>;
    expect(body.website).toBe('https://spam.example');
  });
});
