import type { DB } from '@repo/db';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditActorKind } from '@repo/validation';
import { onePage } from '../paginate';
import { namesOf } from './audit-names';

/*
 * The audit log: who did what, when and from where. It never holds the personal
 * data an action touched (an erased person stays erased): only ids, counts and
 * non-personal labels go into `details`. The actions are AUDIT_ACTIONS in
 * @repo/validation.
 */

/**
 * Who acted. The kind and id are recorded apart from the label, so a username
 * that reads like a key's label ("API key 522d960d9669afcb") is still a staff
 * member's entry, with its user id.
 */
export type AuditActor =
  | { kind: 'staff'; userId: string; label: string; ip: string | null }
  | { kind: 'api_key'; apiKeyId: string; label: string; ip: string | null }
  /** The API itself: a scheduled job, the command line. */
  | { kind: 'system'; label: string; ip: null }
  /** A member of the public: a visitor redeeming an invite code, a registration. */
  | { kind: 'public'; label: string; ip: string | null };

export const staffActor = (
  user: { id: string; username: string },
  ip: string | null,
): AuditActor => ({ kind: 'staff', userId: user.id, label: user.username, ip });
export const systemActor = (label: string): AuditActor => ({ kind: 'system', label, ip: null });
export const publicActor = (label: string, ip: string | null = null): AuditActor => ({
  kind: 'public',
  label,
  ip,
});

/** The staff member behind an actor, if one is (for columns such as `created_by`). */
export function actorUserIdOf(actor: AuditActor): string | null {
  return actor.kind === 'staff' ? actor.userId : null;
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
  if (admin?.kind === 'session') return staffActor(admin.user, request.ip);
  if (admin?.kind === 'api-key') {
    return {
      kind: 'api_key',
      apiKeyId: admin.apiKeyId,
      label: `API key ${admin.keyId}`,
      ip: request.ip,
    };
  }
  const user = request.user;
  if (user) return staffActor(user, request.ip);
  return publicActor('anonymous', request.ip);
}

/** Writes one entry; pass the transaction of the change so both land or neither does. */
export async function recordAudit(db: DB, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      actorUserId: actorUserIdOf(actor),
      actorLabel: actor.label,
      actorKind: actor.kind,
      actorId:
        actor.kind === 'staff' ? actor.userId : actor.kind === 'api_key' ? actor.apiKeyId : null,
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
    actor: { kind: AuditActorKind; id: string | null; label: string };
    action: string;
    targetType: string | null;
    targetId: string | null;
    details: Record<string, unknown>;
    ip: string | null;
    createdAt: string;
    /** The actor's name now (staff account, API key); null for the system and the public. */
    actorName: string | null;
    /** The name of the record acted on, now; null when it has none or is gone (erased). */
    subjectName: string | null;
  }[];
  total: number;
}

/** Newest first, paged; the names are looked up now, never read from the log. */
export async function listAuditLog(
  db: DB,
  {
    page,
    pageSize,
    action,
    actorKind,
  }: { page: number; pageSize: number; action?: string; actorKind?: AuditActorKind },
): Promise<AuditLogPage> {
  let query = db.selectFrom('auditLog');
  if (action) query = query.where('action', '=', action);
  if (actorKind) query = query.where('actorKind', '=', actorKind);
  const [rows, count] = await Promise.all([
    query
      .select([
        'id',
        'actorLabel',
        'actorKind',
        'actorId',
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
  const names = await namesOf(db, rows);
  return {
    entries: rows.map(({ actorKind, actorId, ...row }, index) => ({
      ...row,
      actor: { kind: actorKind, id: actorId, label: row.actorLabel },
      id: String(row.id),
      createdAt: row.createdAt.toISOString(),
      ...names[index]!,
    })),
    total: Number(count.count),
  };
}
