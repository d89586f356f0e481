import { TWO_FACTOR_MESSAGES } from '@repo/validation';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi, noSession } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AuthPage } from './auth-page';
import { SECOND_FACTOR_TEXT } from './second-factor-step';

function renderAuth() {
  return renderWithProviders(
    <Routes>
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/admin" element={<p>Admin console</p>} />
    </Routes>,
    { route: '/auth' },
  );
}

const secondFactor = (methods: string[]) => ({
  body: { status: 'second_factor_required', methods },
});

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Username'), 'admin');
  await user.type(screen.getByLabelText('Password'), 'admin-password');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the second step of a sign-in (issue 19)', () => {
  it('asks for the code after a right password, checks its form, and signs in with it', async () => {
    const { calls } = mockApi({
      'GET /api/user': noSession,
      'POST /api/login': secondFactor(['totp', 'recovery']),
      'POST /api/login/totp': adminUser,
    });
    const user = userEvent.setup();
    renderAuth();
    await passwordStep(user);
    expect(await screen.findByText(SECOND_FACTOR_TEXT.heading)).toBeInTheDocument();
    // Not signed in yet: the console is not shown.
    expect(screen.queryByText('Admin console')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(SECOND_FACTOR_TEXT.totpLabel), '12a');
    await user.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }));
    expect(screen.getByLabelText(SECOND_FACTOR_TEXT.totpLabel)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(document.getElementById('second-factor-code-error')).toHaveTextContent(
      TWO_FACTOR_MESSAGES.code,
    );
    expect(calls.some((call) => call.path === '/api/login/totp')).toBe(false);

    await user.clear(screen.getByLabelText(SECOND_FACTOR_TEXT.totpLabel));
    await user.type(screen.getByLabelText(SECOND_FACTOR_TEXT.totpLabel), '123 456');
    await user.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }));
    expect(await screen.findByText('Admin console')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/login/totp')?.body).toEqual({
      code: '123456',
    });
  });

  it('offers a recovery code instead, and shows a wrong code’s message', async () => {
    const { calls } = mockApi({
      'GET /api/user': noSession,
      'POST /api/login': secondFactor(['totp', 'recovery']),
      'POST /api/login/recovery': {
        status: 401,
        body: { message: TWO_FACTOR_MESSAGES.invalidRecoveryCode, type: 'invalid_code' },
      },
    });
    const user = userEvent.setup();
    renderAuth();
    await passwordStep(user);
    await user.click(await screen.findByRole('button', { name: SECOND_FACTOR_TEXT.useRecovery }));
    expect(screen.getByText(SECOND_FACTOR_TEXT.recoveryIntro)).toBeInTheDocument();
    await user.type(screen.getByLabelText(SECOND_FACTOR_TEXT.recoveryLabel), 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.invalidRecoveryCode)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/login/recovery')?.body).toEqual({
      code: 'abcd-efgh-jkmn',
    });
    // Back to the app's code.
    await user.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.useTotp }));
    expect(screen.getByLabelText(SECOND_FACTOR_TEXT.totpLabel)).toBeInTheDocument();
  });

  it('goes back to the password when the pending sign-in expired', async () => {
    mockApi({
      'GET /api/user': noSession,
      'POST /api/login': secondFactor(['totp']),
      'POST /api/login/totp': {
        status: 401,
        body: { message: TWO_FACTOR_MESSAGES.expired, type: 'second_factor_expired' },
      },
    });
    const user = userEvent.setup();
    renderAuth();
    await passwordStep(user);
    // No recovery codes left: no link to them.
    expect(
      screen.queryByRole('button', { name: SECOND_FACTOR_TEXT.useRecovery }),
    ).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText(SECOND_FACTOR_TEXT.totpLabel), '123456');
    await user.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.expired)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(''));
  });
});
