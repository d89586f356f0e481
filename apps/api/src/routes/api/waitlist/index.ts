import {
  DISPOSABLE_EMAIL_MESSAGE,
  isHoneypotFilled,
  linkTokenSchema,
  STATUS_LINK_INVALID_MESSAGE,
  waitlistPlaceSchema,
  waitlistSignupRequestSchema,
  waitlistSignupResponseSchema,
  waitlistStatusQuerySchema,
} from '@repo/validation';
import { randomUUID } from 'node:crypto';
import { isDisposableEmail } from '../../../abuse/disposable-email';
import { AppError, badRequest, conflict, notFound } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';
import { type ApiInstance, errorResponses } from '../../../route-schemas';
import {
  confirmSignup,
  newLinkToken,
  renewConfirmationToken,
  verifyStatusToken,
} from '../../../waitlist/confirmation';
import { confirmationEmail } from '../../../waitlist/confirmation-email';
import { placeOfEntry } from '../../../waitlist/place';
import { findReferrerByCode } from '../../../waitlist/referrals';
import {
  addWaitlistSignup,
  findEntryByEmailForUpdate,
} from '../../../waitlist/waitlist-repository';
import {
  bringInviteCode,
  redeemPendingInviteCode,
  usableInviteCodeId,
} from '../../../invite-codes/redeem-invite-code';

const DUPLICATE_EMAIL_MESSAGE = 'This email address is already on the waitlist';

const SIGNUP_SUCCESS_MESSAGE = 'Successfully joined the waitlist!';

const CONFIRMATION_INVALID_MESSAGE = 'This confirmation link is invalid or has already been used.';
const CONFIRMATION_EXPIRED_MESSAGE =
  'This confirmation link has expired. Join the waitlist again with the same address to get a new one.';

export default async function waitlistRoutes(fastify: ApiInstance) {
  const { config, db, mailer } = fastify;
  const formsLimit = perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_FORMS_MAX);

  const confirmationMail = (entry: Parameters<typeof confirmationEmail>[2], token: string) =>
    confirmationEmail(mailer, config, entry, token);

  fastify.post(
    '/waitlist',
    {
      config: formsLimit,
      schema: {
        body: waitlistSignupRequestSchema,
        response: {
          201: waitlistSignupResponseSchema,
          // An invite code brought by someone already on the list.
          200: waitlistSignupResponseSchema,
          ...errorResponses(400, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { website, source, referralCode, inviteCode, ...signup } = request.body;
      if (isHoneypotFilled(website)) {
        // A bot filled the hidden field: it gets the usual answer, nothing is kept or mailed.
        request.log.info('waitlist signup dropped: honeypot filled');
        return reply.status(201).send({ id: randomUUID(), message: SIGNUP_SUCCESS_MESSAGE });
      }
      // Issue 19: a throwaway mailbox makes a signup cost nothing.
      if (isDisposableEmail(signup.email)) {
        throw badRequest(DISPOSABLE_EMAIL_MESSAGE, 'disposable_email', [
          { path: 'email', message: DISPOSABLE_EMAIL_MESSAGE },
        ]);
      }
      // A code that cannot be used is refused before anything is kept, with one
      // answer whatever the reason (issue 19).
      const inviteCodeId = inviteCode ? await usableInviteCodeId(db, inviteCode) : undefined;
      const person = { ...signup, companyName: signup.company };
      const { token, hash } = newLinkToken();
      // Issue 11: stored unconfirmed, with the confirmation email, in one transaction.
      // Issue 19: an invite code waits on the entry for the address to be confirmed;
      // only the confirmation redeems it (a seat, or the front of the queue).
      const result = await db.transaction().execute(async (trx) => {
        const referrer = await findReferrerByCode(trx, referralCode);
        const inserted = await addWaitlistSignup(trx, signup, source, {
          confirmationTokenHash: hash,
          referredById: referrer?.id,
          pendingInviteCodeId: inviteCodeId,
        });
        if (inserted) {
          await mailer.queue(trx, [confirmationMail({ ...person, id: inserted }, token)]);
          return {
            id: inserted,
            created: true,
            outcome: inviteCodeId ? ('pending' as const) : undefined,
          };
        }
        // Someone already on the list who brings a code: it counts for their entry.
        if (inviteCodeId) {
          const existing = await findEntryByEmailForUpdate(trx, signup.email);
          const outcome = existing
            ? await bringInviteCode(trx, { mailer, config }, existing, inviteCodeId)
            : undefined;
          if (existing && outcome) return { id: existing.id, created: false, outcome };
        }
        return undefined;
      });
      // The confirmation link again, when the address is not confirmed (at most once an
      // hour, so the form cannot be used to flood a mailbox).
      const resendConfirmation = () =>
        db.transaction().execute(async (trx) => {
          const renewed = await renewConfirmationToken(trx, { email: signup.email });
          if (renewed) await mailer.queue(trx, [confirmationMail(renewed, renewed.token)]);
        });
      if (!result) {
        // The spec's answer to a duplicate stands.
        await resendConfirmation();
        throw conflict(DUPLICATE_EMAIL_MESSAGE, 'duplicate_email');
      }
      // A listed, unconfirmed address that brought a code: its link redeems it.
      if (!result.created && result.outcome === 'pending') await resendConfirmation();
      return reply.status(result.created ? 201 : 200).send({
        id: result.id,
        message: SIGNUP_SUCCESS_MESSAGE,
        ...(result.outcome ? { invite: { outcome: result.outcome } } : {}),
      });
    },
  );

  // The confirmation page posts the link's token (a GET would let mail scanners confirm).
  fastify.post(
    '/waitlist/confirm',
    {
      config: formsLimit,
      schema: {
        body: linkTokenSchema,
        response: { 200: waitlistPlaceSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => {
      // Issue 19: the confirmation redeems the invite code the signup brought.
      const outcome = await confirmSignup(db, request.body.token, (trx, entry) =>
        redeemPendingInviteCode(trx, { mailer, config }, entry),
      );
      if (outcome.kind === 'invalid') throw notFound(CONFIRMATION_INVALID_MESSAGE);
      if (outcome.kind === 'expired') {
        throw new AppError(410, CONFIRMATION_EXPIRED_MESSAGE, 'link_expired');
      }
      const place = await placeOfEntry(db, config, outcome.entryId);
      if (!place) throw notFound(CONFIRMATION_INVALID_MESSAGE);
      return place;
    },
  );

  fastify.get(
    '/waitlist/status',
    {
      config: formsLimit,
      schema: {
        querystring: waitlistStatusQuerySchema,
        response: { 200: waitlistPlaceSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const entryId = verifyStatusToken(config.UNSUBSCRIBE_SECRET, request.query.token);
      const place = entryId ? await placeOfEntry(db, config, entryId) : undefined;
      if (!place) throw notFound(STATUS_LINK_INVALID_MESSAGE);
      return place;
    },
  );
}
