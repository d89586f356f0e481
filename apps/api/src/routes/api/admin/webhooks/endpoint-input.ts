import type { DB } from '@repo/db';
import { WEBHOOK_MESSAGES, type WebhookEndpointKind } from '@repo/validation';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../../config';
import { badRequest } from '../../../../errors';
import { type AddressPolicy, endpointUrlProblem } from '../../../../webhooks/address-guard';
import { recordAudit, auditActorOf } from '../../../../audit/audit-log';
import type { WebhookEndpointRow } from '@repo/db';

const SLACK_HOST = 'hooks.slack.com';

/**
 * Refuses (400, on `field`) a URL the API will not send to: not https in production,
 * with credentials, pointing at an internal address (unless allowed), or, for a
 * Slack endpoint, not a Slack incoming-webhook URL (an on-premises setup that allows
 * private addresses may point Slack endpoints at its own relay).
 */
export async function assertUsableUrl(
  url: string,
  kind: WebhookEndpointKind,
  { config, policy, field }: { config: Config; policy: AddressPolicy; field: string },
): Promise<void> {
  const problem =
    kind === 'slack' && !policy.allowPrivate && new URL(url).hostname !== SLACK_HOST
      ? WEBHOOK_MESSAGES.slackUrl
      : await endpointUrlProblem(url, { ...policy, requireHttps: config.isProduction });
  if (problem)
    throw badRequest(problem, 'invalid_webhook_url', [{ path: field, message: problem }]);
}

/** Who made an endpoint: a staff member or an API key. */
export function creatorOf(request: FastifyRequest): {
  userId: string | null;
  apiKeyId: string | null;
} {
  const admin = request.admin;
  if (admin?.kind === 'session') return { userId: admin.user.id, apiKeyId: null };
  if (admin?.kind === 'api-key') return { userId: null, apiKeyId: admin.apiKeyId };
  return { userId: null, apiKeyId: null };
}

/** Records an endpoint change; the URL and choices are staff's, not personal data. */
export async function auditEndpoint(
  db: DB,
  request: FastifyRequest,
  action: 'webhook.create' | 'webhook.update' | 'webhook.delete' | 'webhook.rotate_secret',
  row: WebhookEndpointRow,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(db, auditActorOf(request), {
    action,
    targetType: 'webhook_endpoint',
    targetId: row.id,
    details: { url: row.url, kind: row.kind, source: row.source, events: row.events, ...extra },
  });
}
