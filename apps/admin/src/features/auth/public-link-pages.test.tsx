import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '@/app';
import { adminUser, mockApi, noSession } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';

const INVALID = 'This link is invalid or has expired.';

describe('/verify-email', () => {
  it('asks for the password, posts it with the token once, and shows the confirmation with the username', async () => {
    const { calls } = mockApi({
      'GET /api/user': noSession,
      'POST /api/verify-email': {
        body: { message: 'Email confirmed. You can now sign in.', username: 'grace' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <StrictMode>
        <AppRoutes />
      </StrictMode>,
      { route: '/verify-email?token=abc123' },
    );
    // Nothing is posted before the password is chosen.
    const password = await screen.findByLabelText('Choose a password');
    expect(calls.some((call) => call.path === '/api/verify-email')).toBe(false);

    // Too short: the shared rule's message, and still nothing posted.
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Confirm and set password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/verify-email')).toBe(false);

    await user.type(password, '-but-now-long-enough');
    await user.click(screen.getByRole('button', { name: 'Confirm and set password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Email confirmed. You can now sign in. Your username is grace.',
    );
    expect(calls.filter((call) => call.path === '/api/verify-email')).toEqual([
      {
        method: 'POST',
        path: '/api/verify-email',
        body: { token: 'abc123', password: 'short-but-now-long-enough' },
      },
    ]);

    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a used or expired link", async () => {
    mockApi({
      'GET /api/user': noSession,
      'POST /api/verify-email': { status: 400, body: { type: 'invalid_token', message: INVALID } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/verify-email?token=used' });
    await user.type(await screen.findByLabelText('Choose a password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Confirm and set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth');
  });

  it('shows a refused password beside its field', async () => {
    const COMMON = 'This password is too common: choose another one.';
    mockApi({
      'GET /api/user': noSession,
      'POST /api/verify-email': {
        status: 400,
        body: {
          type: 'validation_error',
          message: COMMON,
          issues: [{ path: 'password', message: COMMON }],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/verify-email?token=fresh' });
    await user.type(await screen.findByLabelText('Choose a password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Confirm and set password' }));
    expect(await screen.findByText(COMMON)).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert', { name: INVALID })).toBeNull();
  });

  it('does not call the API without a token', async () => {
    const { calls } = mockApi({ 'GET /api/user': noSession });
    renderWithProviders(<AppRoutes />, { route: '/verify-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(calls.some((call) => call.path.startsWith('/api/verify-email'))).toBe(false);
  });
});

describe('/accept-invite', () => {
  it('shows the invited address, creates the account and lands on /admin', async () => {
    const { calls } = mockApi({
      'GET /api/user': noSession,
      'GET /api/invite': { body: { email: 'grace@wordloom.test' } },
      'POST /api/accept-invite': { status: 201, body: adminUser.body },
      // The console loads its data once signed in.
      'GET /api/analytics/dashboard': { status: 500, body: { message: 'not in this test' } },
      'GET /api/admin/beta/participants': { status: 500, body: { message: 'not in this test' } },
      'GET /api/admin/waitlist': { status: 500, body: { message: 'not in this test' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/accept-invite?token=invite-1' });
    expect(await screen.findByDisplayValue('grace@wordloom.test')).toHaveAttribute('readonly');
    expect(calls.find((call) => call.path.startsWith('/api/invite'))?.path).toBe(
      '/api/invite?token=invite-1',
    );

    await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Username'), 'grace');
    await user.type(screen.getByLabelText('Password'), 'cobol-rules-1959');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Signed in as')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/accept-invite')?.body).toEqual({
      token: 'invite-1',
      name: 'Grace Hopper',
      username: 'grace',
      password: 'cobol-rules-1959',
    });
  });

  it('validates the form before posting', async () => {
    const { calls } = mockApi({
      'GET /api/user': noSession,
      'GET /api/invite': { body: { email: 'grace@wordloom.test' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/accept-invite?token=invite-1' });
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path === '/api/accept-invite')).toBe(false);
  });

  it('explains an invalid invitation', async () => {
    mockApi({
      'GET /api/user': noSession,
      'GET /api/invite': { status: 400, body: { type: 'invalid_token', message: INVALID } },
    });
    renderWithProviders(<AppRoutes />, { route: '/accept-invite?token=old' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(INVALID));
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });
});
