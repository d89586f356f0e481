/**
 * The actions the API records (apps/api/src/audit/audit-log.ts, AuditAction),
 * for the filter. An action missing here still shows in the unfiltered list.
 */
export const AUDIT_ACTIONS = [
  'waitlist.approve',
  'waitlist.email',
  'waitlist.delete',
  'contact.status',
  'contact.delete',
  'feedback.delete',
  'participant.status',
  'participant.email',
  'person.erase',
  'email.test',
  'email.bulk',
  'email.retry',
  'export.csv',
  'api_key.create',
  'api_key.revoke',
  'account.register',
  'account.verify',
  'account.invite',
  'account.create_cli',
  'account.disable',
  'account.enable',
  'session.end',
] as const;
