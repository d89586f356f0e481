import type { DB } from '@repo/db';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config';
import { allowedOrigins } from '../plugins/app/admin-auth';
import type { StoredPasskey } from './passkeys-repository';

/*
 * WebAuthn ceremonies for staff passkeys (issue 19), with @simplewebauthn/server.
 * The relying party is the console: its id is ADMIN_URL's host name, and a response
 * must come from ADMIN_URL's origin (or ADMIN_ALLOWED_ORIGINS). Each ceremony's
 * challenge is kept in the session for CHALLENGE_TTL_MS and taken out of it, in one
 * statement on the session's row, before the response is checked: it is used once,
 * even by two requests that race with it.
 */

const RP_NAME = 'Wordloom';
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** How long the browser lets the person answer (the challenge outlives it). */
const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;

export type ChallengePurpose = 'register' | 'sign_in';

export interface PasskeyChallenge {
  challenge: string;
  purpose: ChallengePurpose;
  /** register: the signed-in account; sign_in: the account awaiting its second factor, if any. */
  userId?: string;
  issuedAt: number;
}

declare module 'fastify' {
  interface Session {
    /** The open WebAuthn ceremony's challenge (single use, CHALLENGE_TTL_MS). */
    passkeyChallenge?: PasskeyChallenge;
  }
}

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

export function relyingPartyOf(config: Config): RelyingParty {
  return {
    id: new URL(config.ADMIN_URL).hostname,
    name: RP_NAME,
    origins: [...allowedOrigins(config)],
  };
}

async function rememberChallenge(
  request: FastifyRequest,
  challenge: Omit<PasskeyChallenge, 'issuedAt'>,
): Promise<void> {
  request.session.passkeyChallenge = { ...challenge, issuedAt: Date.now() };
  await request.session.save();
}

/**
 * Takes the session's challenge for `purpose` out of the session: from the stored row
 * in one statement (a request racing with the same session finds it gone), and from
 * this request's copy. Undefined when there is none, it was already taken, it is for
 * another ceremony, or it is older than CHALLENGE_TTL_MS.
 */
export async function takeChallenge(
  request: FastifyRequest,
  db: DB,
  purpose: ChallengePurpose,
): Promise<PasskeyChallenge | undefined> {
  const held = request.session.passkeyChallenge;
  if (held === undefined) return undefined;
  request.session.passkeyChallenge = undefined;
  const taken = await sql<{ sid: string }>`
    update sessions set data = data - 'passkeyChallenge'
    where sid = ${request.session.sessionId}
      and data -> 'passkeyChallenge' ->> 'challenge' = ${held.challenge}
    returning sid
  `.execute(db);
  if (taken.rows.length === 0) return undefined;
  const age = Date.now() - held.issuedAt;
  if (held.purpose !== purpose || !(age >= 0 && age <= CHALLENGE_TTL_MS)) return undefined;
  return held;
}

/** Registration options for a new passkey of `user`, its challenge kept in the session. */
export async function startRegistration(
  request: FastifyRequest,
  rp: RelyingParty,
  user: { id: string; username: string; name: string },
  existing: { id: string; transports: string[] }[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.name,
    // The user handle: the account's id, so a discoverable passkey names its account.
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    timeout: CEREMONY_TIMEOUT_MS,
    excludeCredentials: existing.map(transportsAsGiven),
    // Discoverable where the authenticator can (a password-less sign-in needs it).
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await rememberChallenge(request, {
    challenge: options.challenge,
    purpose: 'register',
    userId: user.id,
  });
  return options;
}

/** The new credential of a registration response, or undefined when it does not verify. */
export async function finishRegistration(
  rp: RelyingParty,
  challenge: PasskeyChallenge,
  response: RegistrationResponseJSON,
): Promise<
  | {
      credentialId: string;
      publicKey: Uint8Array;
      counter: number;
      transports: string[];
      backedUp: boolean;
    }
  | undefined
> {
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      // Possession is the factor; verification (PIN, biometrics) is asked at sign-in.
      requireUserVerification: false,
    });
    if (!verification.verified) return undefined;
    const { credential, credentialBackedUp } = verification.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: (credential.transports ?? []).slice(0, 10),
      backedUp: credentialBackedUp,
    };
  } catch {
    return undefined;
  }
}

/**
 * Authentication options: for the account awaiting its second factor, its own
 * credentials; without one (a password-less sign-in), any discoverable credential,
 * and the authenticator must verify the person (PIN, biometrics).
 */
export async function startAuthentication(
  request: FastifyRequest,
  rp: RelyingParty,
  pending: { userId: string; credentials: { id: string; transports: string[] }[] } | undefined,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    allowCredentials: pending ? pending.credentials.map(transportsAsGiven) : [],
    userVerification: pending ? 'preferred' : 'required',
  });
  await rememberChallenge(request, {
    challenge: options.challenge,
    purpose: 'sign_in',
    ...(pending ? { userId: pending.userId } : {}),
  });
  return options;
}

/**
 * The counter an assertion by `passkey` reports, or undefined when it does not verify
 * (wrong challenge, origin, RP id, signature, missing user verification when
 * `requireUserVerification`, or a counter that did not go up).
 */
export async function verifyAssertion(
  rp: RelyingParty,
  challenge: PasskeyChallenge,
  passkey: StoredPasskey,
  response: AuthenticationResponseJSON,
  requireUserVerification: boolean,
): Promise<{ newCounter: number } | undefined> {
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: passkey.publicKey as Uint8Array<ArrayBuffer>,
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportName[],
      },
      requireUserVerification,
    });
    if (!verification.verified) return undefined;
    return { newCounter: verification.authenticationInfo.newCounter };
  } catch {
    return undefined;
  }
}

type AuthenticatorTransportName = NonNullable<
  Parameters<typeof verifyAuthenticationResponse>[0]['credential']['transports']
>[number];

function transportsAsGiven(credential: { id: string; transports: string[] }) {
  return { id: credential.id, transports: credential.transports };
}
