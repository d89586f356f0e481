import type { PasskeySummary } from '@repo/api-client';
import { PASSKEY_MESSAGES } from '@repo/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST } from '@/lib/messages';
import type * as Passkeys from '@/lib/passkeys';
import { adminUser, mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { PASSKEY_SIGN_IN_TEXT, PasskeySignInButton } from '../auth/passkey-sign-in-button';
import { PASSKEYS_TEXT, PasskeysSection, removePasskeyConfirmation } from './passkeys-section';

/*
 * The browser's passkey prompt (navigator.credentials) is stood in for here: jsdom
 * has none. The real ceremony, with Chromium's virtual authenticator, is
 * apps/admin/e2e/passkeys.e2e.ts.
 */
const ceremony = vi.hoisted(() => ({
  supported: true,
  create: vi.fn(),
  sign: vi.fn(),
}));
vi.mock('@/lib/passkeys', async (importOriginal) => {
  const original = await importOriginal<typeof Passkeys>();
  return {
    ...original,
    passkeysSupported: () => ceremony.supported,
    createPasskey: ceremony.create,
    signWithPasskey: ceremony.sign,
  };
});

const REGISTRATION = {
  id: 'cred-aaaaaaaaaaaaaaaa',
  rawId: 'cred-aaaaaaaaaaaaaaaa',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
};
const ASSERTION = {
  id: 'cred-aaaaaaaaaaaaaaaa',
  rawId: 'cred-aaaaaaaaaaaaaaaa',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};

function passkey(overrides: Partial<PasskeySummary> = {}): PasskeySummary {
  return {
    id: 'p1',
    name: 'Work laptop',
    createdAt: '2026-11-20T08:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

beforeEach(() => {
  ceremony.supported = true;
  ceremony.create.mockReset();
  ceremony.sign.mockReset();
});

describe('the passkeys section of the Security page', () => {
  it('lists the passkeys, or says there are none', async () => {
    mockApi({});
    const { unmount } = renderWithProviders(<PasskeysSection passkeys={[]} />);
    expect(screen.getByText(PASSKEYS_TEXT.none)).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <PasskeysSection
        passkeys={[
          passkey(),
          passkey({ id: 'p2', name: 'Phone', lastUsedAt: '2026-11-25T09:00:00.000Z' }),
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: PASSKEYS_TEXT.title });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Work laptop');
    expect(items[0]).toHaveTextContent(PASSKEYS_TEXT.neverUsed);
    expect(items[1]).toHaveTextContent('Phone');
    expect(items[1]).toHaveTextContent(PASSKEYS_TEXT.lastUsed);
  });

  it('adds a named passkey: the options, the browser prompt, then the answer to the API', async () => {
    const { calls } = mockApi({
      'POST /api/account/passkeys/options': { body: { challenge: 'c1', rp: { name: 'Wordloom' } } },
      'POST /api/account/passkeys': { status: 201, body: passkey({ name: 'Office key' }) },
      'GET /api/account/security': {
        body: { totp: { enabled: false }, recoveryCodesLeft: 0, passkeys: [], required: false },
      },
    });
    ceremony.create.mockResolvedValue(REGISTRATION);
    const user = userEvent.setup();
    renderWithProviders(<PasskeysSection passkeys={[]} />);

    // A name first.
    await user.click(screen.getByRole('button', { name: PASSKEYS_TEXT.add }));
    expect(await screen.findByText(PASSKEY_MESSAGES.name)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText(PASSKEYS_TEXT.nameLabel), '  Office key ');
    await user.click(screen.getByRole('button', { name: PASSKEYS_TEXT.add }));
    expect(await screen.findByText(TOAST.passkeyAdded)).toBeInTheDocument();
    expect(ceremony.create).toHaveBeenCalledWith({ challenge: 'c1', rp: { name: 'Wordloom' } });
    const posted = calls.find((call) => call.path === '/api/account/passkeys');
    expect(posted?.body).toEqual({ name: 'Office key', response: REGISTRATION });
    expect(screen.getByLabelText(PASSKEYS_TEXT.nameLabel)).toHaveValue('');
  });

  it('says so when the prompt is cancelled, and sends nothing', async () => {
    const { calls } = mockApi({
      'POST /api/account/passkeys/options': { body: { challenge: 'c1' } },
    });
    ceremony.create.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<PasskeysSection passkeys={[]} />);
    await user.type(screen.getByLabelText(PASSKEYS_TEXT.nameLabel), 'Laptop');
    await user.click(screen.getByRole('button', { name: PASSKEYS_TEXT.add }));
    expect(await screen.findByText(PASSKEY_MESSAGES.cancelled)).toBeInTheDocument();
    expect(screen.getByText(TOAST.passkeyFailed)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/account/passkeys')).toBe(false);
  });

  it('removes a passkey only after a confirmation', async () => {
    const { calls } = mockApi({
      'DELETE /api/account/passkeys/p2': { body: { message: PASSKEY_MESSAGES.removed } },
      'GET /api/account/security': {
        body: { totp: { enabled: false }, recoveryCodesLeft: 0, passkeys: [], required: false },
      },
    });
    const user = userEvent.setup();
    const phone = passkey({ id: 'p2', name: 'Phone' });
    renderWithProviders(<PasskeysSection passkeys={[passkey(), phone]} />);
    await user.click(screen.getByRole('button', { name: `${PASSKEYS_TEXT.remove} Phone` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(removePasskeyConfirmation(phone));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: PASSKEYS_TEXT.remove }));
    expect(await screen.findByText(TOAST.passkeyRemoved)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/account/passkeys/p2',
    ]);
  });

  it('offers no new passkey where the browser has none', () => {
    mockApi({});
    ceremony.supported = false;
    renderWithProviders(<PasskeysSection passkeys={[]} />);
    expect(screen.getByText(PASSKEY_MESSAGES.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PASSKEYS_TEXT.add })).not.toBeInTheDocument();
  });
});

describe('signing in with a passkey', () => {
  it('posts the browser’s answer to the options and signs the user in', async () => {
    const { calls } = mockApi({
      'GET /api/user': { status: 401, body: { message: 'Not authenticated' } },
      'POST /api/login/passkey/options': { body: { challenge: 'c2', allowCredentials: [] } },
      'POST /api/login/passkey': adminUser,
    });
    ceremony.sign.mockResolvedValue(ASSERTION);
    const onSuccess = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<PasskeySignInButton mode="passwordless" onSuccess={onSuccess} />);
    await user.click(screen.getByRole('button', { name: PASSKEY_SIGN_IN_TEXT.passwordless }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(adminUser.body));
    expect(ceremony.sign).toHaveBeenCalledWith({ challenge: 'c2', allowCredentials: [] });
    expect(calls.find((call) => call.path === '/api/login/passkey')?.body).toEqual({
      response: ASSERTION,
    });
  });

  it('shows the API’s refusal and stays signed out', async () => {
    mockApi({
      'GET /api/user': { status: 401, body: { message: 'Not authenticated' } },
      'POST /api/login/passkey/options': { body: { challenge: 'c3' } },
      'POST /api/login/passkey': {
        status: 401,
        body: { message: PASSKEY_MESSAGES.signInFailed, type: 'passkey_failed' },
      },
    });
    ceremony.sign.mockResolvedValue(ASSERTION);
    const onSuccess = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<PasskeySignInButton mode="secondFactor" onSuccess={onSuccess} />);
    await user.click(screen.getByRole('button', { name: PASSKEY_SIGN_IN_TEXT.secondFactor }));
    expect(await screen.findByText(PASSKEY_MESSAGES.signInFailed)).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
