import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvitationAcceptance } from './invitation-acceptance';

// A Link that takes a ref, as Remix's does (the buttons render links through Slot), and
// a fetcher that runs the page's real action (issue 22), which calls the API (the test's fetch).
vi.mock('@remix-run/react', async () => {
  const { forwardRef } = await import('react');
  const { fetcherRunning } = await import('../../../test/route-action-fetcher');
  const { invitationAction } = await import('./invitation-acceptance.server');
  return {
    Link: forwardRef<HTMLAnchorElement, { to: string; children?: React.ReactNode }>(function Link(
      { to, ...props },
      ref,
    ) {
      return <a ref={ref} href={to} {...props} />;
    }),
    useFetcher: fetcherRunning(invitationAction),
    // Rendered from a GET: no action answer yet.
    useActionData: () => undefined,
  };
});

const TOKEN = 'tok_0123456789abcdefghijKLMNOP';

/** The API's answer to the accept POST; records what was posted. */
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

async function acceptWith(status: number, body: unknown) {
  const fetchMock = answer(status, body);
  render(<InvitationAcceptance token={TOKEN} />);
  // Nothing is posted by opening the page: only the button accepts.
  expect(fetchMock).not.toHaveBeenCalled();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Accept my invitation' }));
  return fetchMock;
}

describe('the invitation page', () => {
  it('accepts with a POST of the token and welcomes the person by name', async () => {
    const fetchMock = await acceptWith(200, { message: 'ok', firstName: 'Ada' });
    expect(
      await screen.findByRole('heading', { name: 'Welcome to the beta, Ada!' }),
    ).toBeInTheDocument();
    // The page's action called the API, as the visitor.
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/^https?:\/\/[^/]+\/api\/beta\/invitations\/accept$/);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('x-forwarded-for')).toBe('203.0.113.9');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
  });

  it('is a form posting the token to the page, so that it works without JavaScript', () => {
    answer(200, {});
    render(<InvitationAcceptance token={TOKEN} />);
    const form = screen.getByRole('button', { name: 'Accept my invitation' }).closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/beta/accept');
    expect(new FormData(form).get('token')).toBe(TOKEN);
  });

  it('says when the invitation expired', async () => {
    await acceptWith(410, { message: 'This invitation has expired', type: 'invitation_expired' });
    expect(
      await screen.findByRole('heading', { name: 'This invitation has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit the beta page' })).toHaveAttribute(
      'href',
      '/beta',
    );
  });

  it('says when the link was used already', async () => {
    await acceptWith(404, { message: 'This invitation link no longer works', type: 'not_found' });
    expect(
      await screen.findByRole('heading', { name: 'This link has already been used' }),
    ).toBeInTheDocument();
  });

  it('says when the link is invalid, with or without asking the server', async () => {
    await acceptWith(400, { message: 'This invitation link is invalid or incomplete' });
    expect(
      await screen.findByRole('heading', { name: 'This invitation link is invalid' }),
    ).toBeInTheDocument();
  });

  it('shows an address without a token as invalid, with no button', () => {
    render(<InvitationAcceptance token={null} />);
    expect(
      screen.getByRole('heading', { name: 'This invitation link is invalid' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept my invitation' })).toBeNull();
  });

  it('keeps the button for another try when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(<InvitationAcceptance token={TOKEN} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept my invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server');
    expect(screen.getByRole('button', { name: 'Accept my invitation' })).toBeEnabled();
  });
});
