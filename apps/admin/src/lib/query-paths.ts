/**
 * The admin API's list paths, used as the first element of query keys so a
 * mutation can invalidate every page and filter of a list at once.
 */
export const QUERY_PATHS = {
  session: '/api/user',
  dashboard: '/api/analytics/dashboard',
  waitlist: '/api/admin/waitlist',
  participants: '/api/admin/beta/participants',
  contacts: '/api/admin/contacts',
  apiKeys: '/api/admin/api-keys',
  templates: '/api/admin/email/templates',
  outbox: '/api/admin/email/outbox',
  suppressions: '/api/admin/email/suppressions',
  setupStatus: '/api/setup-status',
  accounts: '/api/admin/accounts',
  auditLog: '/api/admin/audit-log',
  surveyInsight: '/api/admin/feedback/insight',
  surveyAnswers: '/api/admin/feedback/answers',
} as const;
