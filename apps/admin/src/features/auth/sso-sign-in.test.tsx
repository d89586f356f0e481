import { SSO_ERROR_MESSAGES } from '@repo/validation';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockApi, noSession } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AuthPage } from './auth-page';
import { SSO_SIGN_IN_TEXT } from './sso-sign-in';

const renderAuth = (route = '/auth') =>
  renderWithProviders(
    <Routes>
      <Route path="/auth" element={<AuthPage />} />
    </Routes>,
    { route },
  );

describe('single sign-on on the sign-in page (issue 35)', () => {
  it("offers 'Sign in with <name>' as a link to the API's start, beside the password form", async () => {
    mockApi({
      'GET /api/user': noSession,
      'GET /api/auth/oidc': { body: { enabled: true, displayName: 'Acme Login', ssoOnly: false } },
    });
    renderAuth();
    const link = await screen.findByRole('link', { name: SSO_SIGN_IN_TEXT.button('Acme Login') });
    expect(link).toHaveAttribute('href', '/api/auth/oidc/start');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('offers nothing when the API has no single sign-on', async () => {
    mockApi({
      'GET /api/user': noSession,
      'GET /api/auth/oidc': { body: { enabled: false, displayName: null, ssoOnly: false } },
    });
    renderAuth();
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it.each([['unverified_email'], ['foreign_domain'], ['no_account'], ['state_mismatch']] as const)(
    'tells a refused sign-in (%s) in plain words',
    async (code) => {
      mockApi({
        'GET /api/user': noSession,
        'GET /api/auth/oidc': {
          body: { enabled: true, displayName: 'Acme Login', ssoOnly: false },
        },
      });
      renderAuth(`/auth?sso_error=${code}`);
      expect(await screen.findByRole('alert')).toHaveTextContent(SSO_ERROR_MESSAGES[code]);
    },
  );

  it('ignores an sso_error it does not know', async () => {
    mockApi({
      'GET /api/user': noSession,
      'GET /api/auth/oidc': { body: { enabled: true, displayName: 'Acme Login', ssoOnly: false } },
    });
    renderAuth('/auth?sso_error=<script>');
    await screen.findByRole('link', { name: SSO_SIGN_IN_TEXT.button('Acme Login') });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
