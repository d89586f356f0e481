import type { DB } from '@repo/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import {
  accountKey,
  addressKeys,
  claimAttempt,
  isTrustedAddress,
  lockAfterFailure,
  recordFailure,
  recordSuccess,
  throttledMessage,
} from './login-throttle';
import { withAccess } from '../roles/roles-repository';
import { mustEnrolSecondFactor } from '../two-factor/two-factor-repository';
import { findActiveUserById, type PublicUser } from './users-repository';

/*
 * Two-step sign-in (issue 19). A right password for an account with a second factor
 * does not sign in: the session is regenerated holding only `pendingSecondFactor`
 * (never `userId`), and the second step (a TOTP code, a recovery code or a passkey)
 * must follow within SECOND_FACTOR_WINDOW_MS. Second-factor attempts count toward
 * the same back-off as passwords (the same account and address keys), claimed
 * before the factor is checked so concurrent guesses get at most the free failures.
 * The account key always gates a second factor, from a trusted address too (issue 31):
 * the trusted-address exception keeps a stranger from locking the owner out, and a
 * stranger never reaches the second step without the password.
 */

export type SecondFactorMethod = 'totp' | 'recovery' | 'passkey';

declare module 'fastify' {
  interface Session {
    /** Set after a right password while the second factor is awaited; never with userId. */
    pendingSecondFactor?: { userId: string; startedAt: number };
  }
}

/** How long the second step may follow the password. */
const SECOND_FACTOR_WINDOW_MS = 5 * 60 * 1000;

/** Starts a fresh session for `user`; a new id defeats session fixation. */
export async function signIn(request: FastifyRequest, user: Pick<PublicUser, 'id'>): Promise<void> {
  await request.session.regenerate();
  request.session.userId = user.id;
  await request.session.save();
  // Shown to admins in the account's session list.
  const userAgent = request.headers['user-agent'];
  await request.server.db
    .updateTable('sessions')
    .set({
      ip: request.ip,
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
    })
    .where('sid', '=', request.session.sessionId)
    .execute();
}

/**
 * The signed-in account as the answers show it (sign-in, GET /api/user): its role,
 * permissions, and whether the policy sends it to enrol a second factor first.
 */
export async function signedInAnswer(
  db: DB,
  user: PublicUser,
  { viaProvider = false }: { viaProvider?: boolean } = {},
) {
  const answer = await withAccess(db, user);
  return {
    ...answer,
    // Issue 35: never after a provider sign-in, which asked for the provider's own factors.
    mustEnrolSecondFactor:
      !viaProvider && (await mustEnrolSecondFactor(db, user.id, answer.role.id)),
  };
}

/**
 * After a right password: a fresh session that holds only the pending second factor
 * (no userId, so neither GET /api/user nor any admin route sees a signed-in user).
 * Returns the answer of POST /api/login.
 */
export async function startSecondFactor(
  request: FastifyRequest,
  user: Pick<PublicUser, 'id'>,
  methods: SecondFactorMethod[],
): Promise<{ status: 'second_factor_required'; methods: SecondFactorMethod[] }> {
  await request.session.regenerate();
  request.session.pendingSecondFactor = { userId: user.id, startedAt: Date.now() };
  await request.session.save();
  return { status: 'second_factor_required', methods };
}

/**
 * The account awaiting its second factor in this session: undefined when none, when
 * the window passed, or when the account is no longer active.
 */
export async function pendingSecondFactorUser(
  request: FastifyRequest,
): Promise<{ userId: string; username: string; user: PublicUser } | undefined> {
  const pending = request.session.pendingSecondFactor;
  if (!pending || typeof pending.startedAt !== 'number') return undefined;
  const age = Date.now() - pending.startedAt;
  if (age < 0 || age > SECOND_FACTOR_WINDOW_MS) return undefined;
  const user = await findActiveUserById(request.server.db, pending.userId);
  if (!user) return undefined;
  return { userId: user.id, username: user.username, user };
}

/** A claimed second-factor attempt: the throttle keys it was counted under. */
export interface SecondFactorClaim {
  keys: string[];
  /** A password-less passkey from a trusted address: the account key counts but does not gate. */
  alsoCount: string[];
}

/**
 * Counts this attempt as a failure before it is checked, exactly as POST /api/login
 * does for a password: under the address keys, and the account key when the account
 * is known (`username`; absent for a password-less passkey whose credential names no
 * account). A second factor is always gated by the account key; only a password-less
 * passkey (`passwordless`, a first factor) from an address where the account signed in
 * lately skips it, as a password does. Throws 429 login_throttled while a key is
 * locked. After the check call failSecondFactor or passSecondFactor.
 */
export async function claimSecondFactor(
  request: FastifyRequest,
  reply: FastifyReply,
  db: DB,
  account: { username?: string; userId?: string },
  { passwordless = false }: { passwordless?: boolean } = {},
): Promise<SecondFactorClaim> {
  const ip = request.ip;
  const trusted =
    passwordless && account.userId !== undefined && account.username !== undefined
      ? await isTrustedAddress(db, account.userId, ip)
      : false;
  const accountKeys = account.username !== undefined ? [accountKey(account.username)] : [];
  const addresses = addressKeys(ip, account.username);
  const keys = trusted ? addresses : [...addresses, ...accountKeys];
  const locked = await claimAttempt(db, keys);
  if (locked > 0) {
    reply.header('retry-after', String(locked));
    throw new AppError(429, throttledMessage(locked), 'login_throttled');
  }
  return { keys, alsoCount: trusted ? accountKeys : [] };
}

/** After a claimed attempt's factor was wrong: the keys past the free failures back off from now. */
export async function failSecondFactor(
  _request: FastifyRequest,
  db: DB,
  claim: SecondFactorClaim,
): Promise<void> {
  await lockAfterFailure(db, claim.keys);
  if (claim.alsoCount.length > 0) await recordFailure(db, claim.alsoCount);
}

/** After a claimed attempt's factor was right: clears the count, trusts the address. */
export async function passSecondFactor(
  request: FastifyRequest,
  db: DB,
  account: { username: string; userId: string },
): Promise<void> {
  await recordSuccess(db, { username: account.username, userId: account.userId, ip: request.ip });
}
