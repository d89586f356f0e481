import {
  idParamsSchema,
  INVITE_CODE_MESSAGES,
  inviteCodeCreateSchema,
  inviteCodeListSchema,
  inviteCodeRedemptionsSchema,
  inviteCodeSchema,
  inviteCodeUpdateSchema,
} from '@repo/validation';
import { actorUserIdOf, auditActorOf, recordAudit } from '../../../../audit/audit-log';
import { conflict, notFound } from '../../../../errors';
import {
  createInviteCode,
  inviteLink,
  listInviteCodes,
  listRedemptions,
  setInviteCodeDisabled,
  inviteCodeExists,
} from '../../../../invite-codes/invite-codes-repository';
import { type ApiInstance, errorResponses } from '../../../../route-schemas';

const codeParams = idParamsSchema('Invite code not found');

/** Issue 11: invite codes, made by staff, redeemed on the public site. */
export default async function inviteCodeRoutes(fastify: ApiInstance) {
  const { config, db } = fastify;
  const withLink = <T extends { code: string }>(code: T) => ({
    ...code,
    link: inviteLink(config.PUBLIC_SITE_URL, code.code),
  });

  fastify.get(
    '/invite-codes',
    {
      config: { permission: 'invite_codes:read' },
      schema: {
        summary: 'List invite codes',
        response: { 200: inviteCodeListSchema, ...errorResponses(401) },
      },
    },
    async () => ({ items: (await listInviteCodes(db)).map(withLink) }),
  );

  fastify.post(
    '/invite-codes',
    {
      config: { permission: 'invite_codes:manage' },
      schema: {
        summary: 'Create an invite code',
        body: inviteCodeCreateSchema,
        response: { 201: inviteCodeSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = auditActorOf(request);
      const created = await db.transaction().execute(async (trx) => {
        const code = await createInviteCode(trx, request.body, actorUserIdOf(actor));
        if (!code) throw conflict(INVITE_CODE_MESSAGES.duplicate, 'duplicate_invite_code');
        await recordAudit(trx, actor, {
          action: 'invite_code.create',
          targetType: 'invite_code',
          targetId: code.id,
          details: { maxRedemptions: code.maxRedemptions, expiresAt: code.expiresAt },
        });
        return code;
      });
      return reply.status(201).send(withLink(created));
    },
  );

  fastify.patch(
    '/invite-codes/:id',
    {
      config: { permission: 'invite_codes:manage' },
      schema: {
        summary: 'Update an invite code',
        params: codeParams,
        body: inviteCodeUpdateSchema,
        response: { 200: inviteCodeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { disabled } = request.body;
      return db.transaction().execute(async (trx) => {
        const code = await setInviteCodeDisabled(trx, id, disabled);
        if (!code) throw notFound('Invite code not found');
        await recordAudit(trx, auditActorOf(request), {
          action: disabled ? 'invite_code.disable' : 'invite_code.enable',
          targetType: 'invite_code',
          targetId: id,
        });
        return withLink(code);
      });
    },
  );

  fastify.get(
    '/invite-codes/:id/redemptions',
    {
      config: { permission: 'invite_codes:read' },
      schema: {
        summary: "List an invite code's redemptions",
        params: codeParams,
        response: { 200: inviteCodeRedemptionsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await inviteCodeExists(db, id))) throw notFound('Invite code not found');
      return { items: await listRedemptions(db, id) };
    },
  );
}
