import { AUTH_MESSAGES } from '@repo/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SETUP_TOKEN_HINT } from '@/lib/messages';
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

  it("carries a throttled login's retry advice in the 'Login failed' toast", async () => {
    const advice = 'Too many failed sign-ins. Try again in 2 minutes.';
    mockApi({
      'GET /api/user': noSession,
      'POST /api/login': { status: 429, body: { message: advice, type: 'login_throttled' } },
    });
    const user = userEvent.setup();
    renderAuth();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText(advice)).toBeInTheDocument();
  });
});

async function fillRegisterForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Register' }));
  await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Email'), 'grace@wordloom.test');
  await user.type(screen.getByLabelText('Username'), 'grace');
  await user.type(screen.getByLabelText('Password'), 'cobol-rules-1959');
}

describe('registration (issue 8)', () => {
  it('asks for the setup token only while the installation has no account, and sends it', async () => {
    const { calls } = mockApi({
      'GET /api/user': noSession,
      'GET /api/setup-status': { body: { needsSetup: true } },
      'POST /api/register': { status: 201, body: { ...adminUser.body, status: 'active' } },
    });
    const user = userEvent.setup();
    renderAuth();
    await fillRegisterForm(user);
    const tokenField = await screen.findByLabelText('Setup token');
    expect(tokenField).toHaveAccessibleDescription(SETUP_TOKEN_HINT);

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Enter the setup token')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/register')).toBe(false);

    await user.type(tokenField, ' setup-123 ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Admin console')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/register')?.body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@wordloom.test',
      username: 'grace',
      password: 'cobol-rules-1959',
      setupToken: 'setup-123',
    });
  });

  it('shows no setup token field once an account exists', async () => {
    mockApi({
      'GET /api/user': noSession,
      'GET /api/setup-status': { body: { needsSetup: false } },
    });
    const user = userEvent.setup();
    renderAuth();
    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    await screen.findByLabelText('Password');
    await waitFor(() => expect(screen.queryByLabelText('Setup token')).not.toBeInTheDocument());
    expect(screen.queryByText(SETUP_TOKEN_HINT)).not.toBeInTheDocument();
  });

  it('shows the pending notice and stays signed out when the account awaits confirmation', async () => {
    const notice =
      'Check your inbox: we sent a confirmation link to grace@wordloom.test. Your account works once you confirm it.';
    mockApi({
      'GET /api/user': noSession,
      'GET /api/setup-status': { body: { needsSetup: false } },
      'POST /api/register': { status: 201, body: { status: 'pending', message: notice } },
    });
    const user = userEvent.setup();
    renderAuth();
    await fillRegisterForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Register' });
    expect(within(form).getByRole('status')).toHaveTextContent(notice);
    expect(screen.queryByText('Admin console')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Register' })).toBeInTheDocument();
  });

  it("shows the server's password rule under the Password field", async () => {
    const tooCommon = 'This password is too common: choose another one.';
    mockApi({
      'GET /api/user': noSession,
      'GET /api/setup-status': { body: { needsSetup: false } },
      'POST /api/register': {
        status: 400,
        body: { message: tooCommon, issues: [{ path: 'password', message: tooCommon }] },
      },
    });
    const user = userEvent.setup();
    renderAuth();
    await fillRegisterForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(tooCommon);
  });

  it('shows the setup-token refusal under the field', async () => {
    const refusal = 'The setup token is missing or wrong.';
    mockApi({
      'GET /api/user': noSession,
      'GET /api/setup-status': { body: { needsSetup: true } },
      'POST /api/register': {
        status: 403,
        body: { message: refusal, type: 'setup_token_required' },
      },
    });
    const user = userEvent.setup();
    renderAuth();
    await fillRegisterForm(user);
    await user.type(await screen.findByLabelText('Setup token'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Setup token')).toHaveAccessibleDescription(
      `${SETUP_TOKEN_HINT} ${refusal}`,
    );
  });
});
