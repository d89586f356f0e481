import type { PasskeyRegistrationRequest, PasskeySignInRequest } from '@repo/api-client';
import { PASSKEY_MESSAGES } from '@repo/validation';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { errorMessage } from './notify';

/*
 * The browser's side of a passkey ceremony (issue 19), with @simplewebauthn/browser:
 * the API's options go to navigator.credentials, whose answer goes back to the API.
 */

export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/** Asks the browser for a new passkey (the options come from POST /api/account/passkeys/options). */
export async function createPasskey(
  options: unknown,
): Promise<PasskeyRegistrationRequest['response']> {
  const response = await startRegistration({
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
  });
  // The browser's own type names `type` as any string; it is 'public-key'.
  return response as PasskeyRegistrationRequest['response'];
}

/** Asks the browser to sign with a passkey (the options come from POST /api/login/passkey/options). */
export async function signWithPasskey(options: unknown): Promise<PasskeySignInRequest['response']> {
  const response = await startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
  });
  return response as PasskeySignInRequest['response'];
}

/** What went wrong, in words: a cancelled or timed-out prompt says so. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_CEREMONY_ABORTED') return PASSKEY_MESSAGES.cancelled;
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
      return PASSKEY_MESSAGES.alreadyRegistered;
  }
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return PASSKEY_MESSAGES.cancelled;
  return errorMessage(error);
}
