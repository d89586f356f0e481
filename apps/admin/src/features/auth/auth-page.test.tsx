import { AUTH_MESSAGES } from '@repo/validation';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi, noSession } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AuthPage } from './auth-page';

function renderAuth() {
  return renderWithProviders(
    <Routes>
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/admin" element={<p>Admin console</p>} />
    </Routes>,
    { route: '/auth' },
  );
}

describe('auth page', () => {
  it('shows the login validation messages of spec section 5', async () => {
    mockApi({ 'GET /api/user': noSession });
    const user = userEvent.setup();
    renderAuth();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText(AUTH_MESSAGES.username)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.password)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the register validation messages', async () => {
    mockApi({ 'GET /api/user': noSession });
    const user = userEvent.setup();
    renderAuth();
    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText(AUTH_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.name)).toBeInTheDocument();
  });

  it("carries the server's message in a 'Login failed' toast", async () => {
    const { calls } = mockApi({
      'GET /api/user': noSession,
      'POST /api/login': { status: 401, body: { message: 'Invalid username or password' } },
    });
    const user = userEvent.setup();
    renderAuth();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/login')?.body).toEqual({
      username: 'admin',
      password: 'wrong-password',
    });
  });

  it("shows the closed-registration refusal in a 'Registration failed' toast", async () => {
    const refusal =
      'Registration is closed: only staff with an approved company email address can create an account.';
    mockApi({
      'GET /api/user': noSession,
      'POST /api/register': {
        status: 403,
        body: { message: refusal, type: 'registration_closed' },
      },
    });
    const user = userEvent.setup();
    renderAuth();
    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Username'), 'grace');
    await user.type(screen.getByLabelText('Password'), 'cobol-rules');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
  });

  it('logs in and goes to /admin', async () => {
    mockApi({ 'GET /api/user': noSession, 'POST /api/login': adminUser });
    const user = userEvent.setup();
    renderAuth();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wordloom-dev');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Admin console')).toBeInTheDocument();
  });

  it('redirects a logged-in user to /admin', async () => {
    mockApi({ 'GET /api/user': adminUser });
    renderAuth();
    await waitFor(() => expect(screen.getByText('Admin console')).toBeInTheDocument());
  });
});
