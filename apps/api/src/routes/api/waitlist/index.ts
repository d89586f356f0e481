import {
  isHoneypotFilled,
  linkTokenSchema,
  STATUS_LINK_INVALID_MESSAGE,
  waitlistSignupRequestSchema,
  waitlistStatusQuerySchema,
} from '@repo/validation';
import { waitlistPlaceSchema, waitlistSignupResponseSchema } from '@repo/validation/responses';
import { randomUUID } from 'node:crypto';
import { AppError, conflict, notFound } from '../../../errors';
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
import { addWaitlistSignup, findEntryByEmail } from '../../../waitlist/waitlist-repository';
import { invitationExpiry, prepareInvitation } from '../../../beta/invitations';
import { redeemInviteCode } from '../../../invite-codes/redeem-invite-code';

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
      const person = { ...signup, companyName: signup.company };
      const { token, hash } = newLinkToken();
      // An invite code may invite the person at once: the invitation is rendered
      // before the transaction (rendering takes time) and queued only if used.
      const invitation = inviteCode
        ? await prepareInvitation(mailer, config, person, invitationExpiry(config))
        : undefined;
      // Issue 11: stored unconfirmed, with the confirmation email (or, through a code
      // with a free seat, the invitation), in one transaction; a refused code keeps nothing.
      const result = await db.transaction().execute(async (trx) => {
        const referrer = await findReferrerByCode(trx, referralCode);
        const inserted = await addWaitlistSignup(trx, signup, source, {
          confirmationTokenHash: hash,
          referredById: referrer?.id,
        });
        if (inserted) {
          const entry = { ...person, id: inserted };
          const outcome =
            inviteCode && invitation
              ? await redeemInviteCode(trx, mailer, entry, inviteCode, invitation)
              : undefined;
          // Accepting the invitation confirms the address: no confirmation mail then.
          if (outcome !== 'approved') await mailer.queue(trx, [confirmationMail(entry, token)]);
          return { id: inserted, created: true, outcome };
        }
        // Someone already on the list who brings a code: it counts for their entry.
        if (inviteCode && invitation) {
          const existing = await findEntryByEmail(trx, signup.email);
          const outcome = existing
            ? await redeemInviteCode(trx, mailer, existing, inviteCode, invitation)
            : undefined;
          if (existing && outcome) return { id: existing.id, created: false, outcome };
        }
        return undefined;
      });
      if (!result) {
        // The spec's answer to a duplicate stands; an unconfirmed address gets its link again
        // (at most once an hour, so the form cannot be used to flood a mailbox).
        await db.transaction().execute(async (trx) => {
          const renewed = await renewConfirmationToken(trx, { email: signup.email });
          if (renewed) await mailer.queue(trx, [confirmationMail(renewed, renewed.token)]);
        });
        throw conflict(DUPLICATE_EMAIL_MESSAGE, 'duplicate_email');
      }
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
      const outcome = await confirmSignup(db, request.body.token);
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
