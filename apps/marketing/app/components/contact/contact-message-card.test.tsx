import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@repo/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactMessageCard } from './contact-message-card';

vi.mock('@repo/analytics/react', () => ({ useAnalytics: () => ({ track: vi.fn() }) }));
// The overlay submits to the page's action (issue 22): the real one runs, and calls the
// API (the fetch below) as the visitor.
vi.mock('@remix-run/react', async () => {
  const { fetcherRunning } = await import('../../../test/route-action-fetcher');
  const { contactAction } = await import('./contact-action.server');
  return { useFetcher: fetcherRunning(contactAction) };
});

const fetchMock = vi.fn<typeof fetch>();
/** The body of the API call the action made, and where it went. */
function sentToApi() {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(String(url)).toMatch(/^https?:\/\/[^/]+\/api\/contact$/);
  expect(new Headers(init?.headers).get('x-forwarded-for')).toBe('203.0.113.9');
  return JSON.parse(String(init?.body)) as Record<string, string>;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const user = userEvent.setup();
  render(
    <>
      <ContactMessageCard />
      <Toaster />
    </>,
  );
  return user;
}

/** Clicks 'Contact Us' and waits for the form, whose code loads on first use. */
async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Contact Us' }));
  return screen.findByRole('dialog', { name: 'Send Us a Message' });
}

async function fillFirstThree(user: ReturnType<typeof userEvent.setup>) {
  await openForm(user);
  await user.type(screen.getByLabelText('What is your name?'), 'Ada{Enter}');
  await user.type(screen.getByLabelText('What is your email address?'), 'ada@example.com{Enter}');
  await user.type(screen.getByLabelText('What is it about?'), 'Beta access{Enter}');
}

describe('contact form', () => {
  it('opens as a labelled dialog on step 1 of 4 and blocks an invalid field', async () => {
    const user = setup();
    expect(await openForm(user)).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    await user.type(screen.getByLabelText('What is your name?'), 'A{Enter}');
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText('What is your name?')).toHaveAttribute('type', 'text');
  });

  it('uses an email input and does not advance from the textarea on Enter', async () => {
    const user = setup();
    await openForm(user);
    await user.type(screen.getByLabelText('What is your name?'), 'Ada{Enter}');
    expect(screen.getByLabelText('What is your email address?')).toHaveAttribute('type', 'email');
    await user.type(screen.getByLabelText('What is your email address?'), 'ada@example.com{Enter}');
    await user.type(screen.getByLabelText('What is it about?'), 'Beta access{Enter}');
    await user.type(screen.getByLabelText('Your message'), 'Short{Enter}');
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends with status new and shows the Thank You card', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 201 }));
    const user = setup();
    await fillFirstThree(user);
    await user.type(screen.getByLabelText('Your message'), 'I would love to join the beta.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Thank You!')).toBeInTheDocument();
    expect(screen.getByText('Message sent!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentToApi()).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Beta access',
      message: 'I would love to join the beta.',
      status: 'new',
      website: '',
    });
    await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(screen.getByRole('button', { name: 'Contact Us' })).toBeInTheDocument();
  });

  it('keeps the values, closes the form and shows a toast when sending fails', async () => {
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 500 }));
    const user = setup();
    await fillFirstThree(user);
    await user.type(screen.getByLabelText('Your message'), 'I would love to join the beta.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await openForm(user);
    expect(screen.getByLabelText('What is your name?')).toHaveValue('Ada');
  });

  it('closes with Escape', async () => {
    const user = setup();
    await openForm(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has a honeypot people never reach, and sends what a bot wrote into it', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 201 }));
    const user = setup();
    await openForm(user);
    const honeypot = screen.getByLabelText('Leave this field empty');
    expect(honeypot).toHaveAttribute('name', 'website');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    // Tabbing through the form never lands on it.
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(document.activeElement).not.toBe(honeypot);
    }
    (honeypot as HTMLInputElement).value = 'https://spam.example';
    await user.type(screen.getByLabelText('What is your name?'), 'Ada{Enter}');
    await user.type(screen.getByLabelText('What is your email address?'), 'ada@example.com{Enter}');
    await user.type(screen.getByLabelText('What is it about?'), 'Beta access{Enter}');
    await user.type(screen.getByLabelText('Your message'), 'I would love to join the beta.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentToApi().website).toBe('https://spam.example');
  });
});
