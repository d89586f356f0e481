import {
  linkTokenSchema,
  STATUS_LINK_INVALID_MESSAGE,
  waitlistPlaceSchema,
  waitlistSignupRequestSchema,
  waitlistSignupResponseSchema,
  waitlistStatusQuerySchema,
} from '@repo/validation';
import { randomUUID } from 'node:crypto';
import { AppError, notFound } from '../../../errors';
import { perMinute } from '../../../plugins/external/rate-limit';
import { type ApiInstance, errorResponses } from '../../../route-schemas';
import { redeemPendingInviteCode } from '../../../invite-codes/redeem-invite-code';
import { confirmSignup, statusLinkSecret, verifyStatusToken } from '../../../waitlist/confirmation';
import { placeOfEntry } from '../../../waitlist/place';
import { signUpForWaitlist } from '../../../waitlist/signup';

const SIGNUP_SUCCESS_MESSAGE = 'Successfully joined the waitlist!';

const CONFIRMATION_INVALID_MESSAGE = 'This confirmation link is invalid or has already been used.';
const CONFIRMATION_EXPIRED_MESSAGE =
  'This confirmation link has expired. Join the waitlist again with the same address to get a new one.';

export default async function waitlistRoutes(fastify: ApiInstance) {
  const { config, db, mailer } = fastify;
  const formsLimit = perMinute(config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_FORMS_MAX);

  fastify.post(
    '/waitlist',
    {
      config: formsLimit,
      schema: {
        summary: 'Join the waitlist',
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
      const result = await signUpForWaitlist(db, { mailer, config }, request.body);
      if (result === 'dropped') {
        // A bot filled the hidden field: it gets the usual answer, nothing is kept or mailed.
        request.log.info('waitlist signup dropped: honeypot filled');
        return reply.status(201).send({ id: randomUUID(), message: SIGNUP_SUCCESS_MESSAGE });
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
        summary: "Confirm a waitlist signup's address",
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
        summary: "Read a waitlist signup's place",
        querystring: waitlistStatusQuerySchema,
        response: { 200: waitlistPlaceSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const { token } = request.query;
      // Links mailed before issue 20 were signed with the unsubscribe secret: still
      // accepted for a while, never made any more.
      const entryId =
        verifyStatusToken(statusLinkSecret(config), token) ??
        verifyStatusToken(config.UNSUBSCRIBE_SECRET, token);
      const place = entryId ? await placeOfEntry(db, config, entryId) : undefined;
      if (!place) throw notFound(STATUS_LINK_INVALID_MESSAGE);
      return place;
    },
  );
}
