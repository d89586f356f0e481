import { TWO_FACTOR_MESSAGES } from '@repo/validation';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AdminPage } from '@/features/dashboard/admin-page';
import { adminUser, mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { SecurityPage } from './security-page';
import { TOTP_TEXT } from './totp-section';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abc${i}-defg-hjkm`);
const security = (enabled: boolean, required = false) => ({
  body: { totp: { enabled }, recoveryCodesLeft: enabled ? 10 : 0, passkeys: [], required },
});

function renderSecurity(route = '/security') {
  return renderWithProviders(
    <Routes>
      <Route path="/security" element={<SecurityPage />} />
      <Route path="/admin" element={<AdminPage />} />
    </Routes>,
    { route },
  );
}

describe('the Security page (issue 19)', () => {
  it('sets up the app with a QR code and the key, turns it on with a code, then shows the recovery codes once', async () => {
    let enabled = false;
    const { calls } = mockApi({
      'GET /api/account/security': () => security(enabled),
      'POST /api/account/totp/setup': {
        body: { secret: SECRET, otpauthUrl: 'otpauth://totp/Wordloom:admin', qrSvg: '<svg></svg>' },
      },
      'POST /api/account/totp/confirm': () => {
        enabled = true;
        return { body: { recoveryCodes: CODES } };
      },
    });
    const user = userEvent.setup();
    renderSecurity();
    await user.click(await screen.findByRole('button', { name: TOTP_TEXT.setUp }));
    expect(await screen.findByRole('img', { name: TOTP_TEXT.qrLabel })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(SECRET);

    // A code of the wrong form is not sent.
    await user.type(screen.getByLabelText(TOTP_TEXT.codeLabel), '12');
    await user.click(screen.getByRole('button', { name: TOTP_TEXT.confirm }));
    expect(screen.getByText(TWO_FACTOR_MESSAGES.code)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/account/totp/confirm')).toBe(false);

    await user.clear(screen.getByLabelText(TOTP_TEXT.codeLabel));
    await user.type(screen.getByLabelText(TOTP_TEXT.codeLabel), '654321');
    await user.click(screen.getByRole('button', { name: TOTP_TEXT.confirm }));
    const panel = await screen.findByRole('region', { name: TOTP_TEXT.recoveryTitle });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(10);
    expect(within(panel).getByText(CODES[0]!)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/account/totp/confirm')?.body).toEqual({
      code: '654321',
    });
    expect(await screen.findByText(TOTP_TEXT.codesLeft(10))).toBeInTheDocument();
    // Shown once: gone when dismissed.
    await user.click(within(panel).getByRole('button', { name: TOTP_TEXT.saved }));
    expect(screen.queryByRole('region', { name: TOTP_TEXT.recoveryTitle })).not.toBeInTheDocument();
  });

  it('turns the app off with a current code', async () => {
    let enabled = true;
    const { calls } = mockApi({
      'GET /api/account/security': () => security(enabled),
      'POST /api/account/totp/disable': () => {
        enabled = false;
        return { body: { message: TWO_FACTOR_MESSAGES.totpDisabled } };
      },
    });
    const user = userEvent.setup();
    renderSecurity();
    await user.click(await screen.findByRole('button', { name: TOTP_TEXT.disable }));
    await user.type(screen.getByLabelText(TOTP_TEXT.codeLabel), '111222');
    await user.click(screen.getByRole('button', { name: TOTP_TEXT.submitDisable }));
    expect(await screen.findByRole('button', { name: TOTP_TEXT.setUp })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/account/totp/disable')?.body).toEqual({
      code: '111222',
    });
  });

  it('an account that must enrol is sent here from the console and offered no way back', async () => {
    mockApi({
      'GET /api/user': { body: { ...adminUser.body, mustEnrolSecondFactor: true } },
      'GET /api/account/security': security(false, true),
    });
    renderSecurity('/admin');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.enrolmentRequired)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to the console' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
