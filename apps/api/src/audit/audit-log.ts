import type { DB } from '@repo/db';
import type { FastifyRequest } from 'fastify';
import { onePage } from '../paginate';

/**
 * The audit log: who did what, when and from where. It never holds the personal
 * data an action touched (an erased person stays erased): only ids, counts and
 * non-personal labels go into `details`.
 */
type AuditAction =
  | 'waitlist.approve'
  | 'waitlist.email'
  | 'waitlist.delete'
  | 'waitlist.resend_confirmation'
  | 'invite_code.create'
  | 'invite_code.disable'
  | 'invite_code.enable'
  | 'contact.status'
  | 'contact.delete'
  | 'feedback.delete'
  | 'participant.status'
  | 'participant.email'
  | 'participant.accept'
  | 'participant.invitation_expired'
  | 'waitlist.auto_invite'
  | 'settings.auto_fill'
  | 'person.erase'
  | 'email.test'
  | 'email.bulk'
  | 'email.retry'
  | 'suppression.remove'
  | 'suppression.import'
  | 'export.csv'
  | 'api_key.create'
  | 'api_key.revoke'
  | 'account.register'
  | 'account.verify'
  | 'account.invite'
  | 'account.create_cli'
  | 'account.disable'
  | 'account.enable'
  | 'session.end';

export interface AuditActor {
  actorUserId: string | null;
  actorLabel: string;
  ip: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/** The actor of an admin request: the signed-in user, or the API key that called. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const admin = request.admin;
  if (admin?.kind === 'session') {
    return { actorUserId: admin.user.id, actorLabel: admin.user.username, ip: request.ip };
  }
  if (admin?.kind === 'api-key') {
    return { actorUserId: null, actorLabel: `API key ${admin.keyId}`, ip: request.ip };
  }
  const user = request.user;
  if (user) return { actorUserId: user.id, actorLabel: user.username, ip: request.ip };
  return { actorUserId: null, actorLabel: 'anonymous', ip: request.ip };
}

/** Writes one entry; pass the transaction of the change so both land or neither does. */
export async function recordAudit(db: DB, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      actorUserId: actor.actorUserId,
      actorLabel: actor.actorLabel,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: actor.ip,
    })
    .execute();
}

export interface AuditLogPage {
  entries: {
    id: string;
    actorLabel: string;
    action: string;
    targetType: string | null;
    targetId: string | null;
    details: Record<string, unknown>;
    ip: string | null;
    createdAt: string;
  }[];
  total: number;
}

/** Newest first, paged. */
export async function listAuditLog(
  db: DB,
  { page, pageSize, action }: { page: number; pageSize: number; action?: string },
): Promise<AuditLogPage> {
  let query = db.selectFrom('auditLog');
  if (action) query = query.where('action', '=', action);
  const [rows, count] = await Promise.all([
    query
      .select([
        'id',
        'actorLabel',
        'action',
        'targetType',
        'targetId',
        'details',
        'ip',
        'createdAt',
      ])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .$call(onePage({ page, pageSize }))
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    entries: rows.map((row) => ({
      ...row,
      id: String(row.id),
      createdAt: row.createdAt.toISOString(),
    })),
    total: Number(count.count),
  };
}
