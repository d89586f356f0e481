import { z } from './zod-config';
import { isoTimestamp } from './common';
import { blankAsAbsent, optionalFilter, pageFields, type QueryParams } from './paging';

/**
 * The audit log's actions, written once: the API records only these (its type
 * comes from this list) and the console's action filter offers them.
 */
export const AUDIT_ACTIONS = [
  'waitlist.approve',
  'waitlist.email',
  'waitlist.delete',
  'waitlist.resend_confirmation',
  'waitlist.bulk',
  'waitlist.import',
  'waitlist.import_undo',
  'invite_code.create',
  'invite_code.disable',
  'invite_code.enable',
  'contact.status',
  'contact.delete',
  'feedback.delete',
  'participant.status',
  'participant.email',
  'participant.accept',
  'participant.invitation_expired',
  'waitlist.auto_invite',
  'settings.auto_fill',
  'person.erase',
  'email.test',
  'email.bulk',
  'email.retry',
  'suppression.remove',
  'suppression.import',
  'export.csv',
  'api_key.create',
  'api_key.revoke',
  'account.register',
  'account.verify',
  'account.invite',
  'account.invite_revoke',
  'account.create_cli',
  'account.disable',
  'account.enable',
  'account.delete_pending',
  'account.replace_pending',
  'account.role',
  'role.create',
  'role.update',
  'role.delete',
  'session.end',
  'account.two_factor_enable',
  'account.two_factor_disable',
  'account.recovery_codes',
  'account.two_factor_reset',
  'settings.two_factor',
  'account.passkey_add',
  'account.passkey_remove',
  'post.create',
  'post.publish',
  'post.unpublish',
  'post.schedule',
  'post.delete',
  'post.restore',
  'post.update',
  'post.image_upload',
  'post.submit_changes',
  'post.publish_changes',
  'post.discard_changes',
  'post.preview_link_create',
  'post.preview_link_revoke',
  // Single sign-on (issue 35).
  'account.sso_link',
  'account.sso_create',
  'account.sso_role',
  'account.sso_role_kept',
  'account.break_glass_sign_in',
  'settings.sso',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate_secret',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Who acted (issue 19): a staff member (its user id), an API key (its id), the
 * system itself (a scheduled job, the command line: no id), or a member of the
 * public (a visitor redeeming an invite code, a registration: no id). Recorded
 * apart from the label, so a username such as "API key 522d960d9669afcb" cannot
 * pass for a key.
 */
export const AUDIT_ACTOR_KINDS = ['staff', 'api_key', 'system', 'public'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

const AUDIT_ACTION_MESSAGE = 'action must be an action name such as waitlist.approve';
/** GET /api/admin/audit-log: the same page and pageSize rules as the other lists, and one action. */
export const auditLogQuerySchema = z.object({
  ...pageFields,
  action: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: AUDIT_ACTION_MESSAGE })
      .regex(/^[a-z_]+(\.[a-z_]+)*$/, { error: AUDIT_ACTION_MESSAGE })
      .max(64, { error: AUDIT_ACTION_MESSAGE })
      .optional(),
  ),
  actorKind: optionalFilter(
    AUDIT_ACTOR_KINDS,
    'actorKind must be staff, api_key, system or public',
  ),
});
export type AuditLogQuery = QueryParams<typeof auditLogQuerySchema>;

/** GET /api/admin/audit-log: who did what, when and from where; never personal data. */
export const auditLogPageSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      /** Kept for the console until it reads `actor`. */
      actorLabel: z.string(),
      /** Who acted: its kind and stable id (user or API key id) say it, not the label. */
      actor: z.object({
        kind: z.enum(AUDIT_ACTOR_KINDS),
        id: z.string().nullable(),
        label: z.string(),
      }),
      action: z.string(),
      targetType: z.string().nullable(),
      targetId: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
      ip: z.string().nullable(),
      createdAt: isoTimestamp,
      /**
       * Looked up when the log is read, never stored in it (issue 20): the
       * actor's name now (a staff account's, an API key's; null for the system
       * and the public), and the name of the record acted on (null when it has
       * none, or is gone: an erased person). The API always answers both.
       */
      actorName: z.string().nullable().optional(),
      subjectName: z.string().nullable().optional(),
    }),
  ),
  total: z.number(),
});
export type AuditLogPage = z.output<typeof auditLogPageSchema>;
export type AuditLogEntry = AuditLogPage['entries'][number];
