import { apiRoutes } from '@repo/api-client';

/**
 * The admin API's list paths, used as the first element of query keys so a
 * mutation can invalidate every page and filter of a list at once. Taken from
 * the client's route table: a key is the path its default fetch reads.
 */
export const QUERY_PATHS = {
  session: apiRoutes.auth.user,
  dashboard: apiRoutes.analytics.dashboard,
  waitlist: apiRoutes.admin.waitlist.list,
  signupSources: apiRoutes.admin.waitlist.sources,
  waitlistImports: apiRoutes.admin.waitlist.imports,
  waitlistBulkRuns: apiRoutes.admin.waitlist.bulkRuns,
  participants: apiRoutes.admin.beta.participants,
  autoFill: apiRoutes.admin.settings.autoFill,
  contacts: apiRoutes.admin.contacts.list,
  inviteCodes: apiRoutes.admin.inviteCodes.list,
  apiKeys: apiRoutes.admin.apiKeys.list,
  templates: apiRoutes.admin.email.templates,
  outbox: apiRoutes.admin.email.outbox,
  suppressions: apiRoutes.admin.email.suppressions,
  setupStatus: apiRoutes.auth.setupStatus,
  invite: apiRoutes.auth.invite,
  accounts: apiRoutes.admin.accounts.list,
  invitations: apiRoutes.admin.accounts.invitations,
  roles: apiRoutes.admin.roles.list,
  auditLog: apiRoutes.admin.auditLog,
  surveyInsight: apiRoutes.admin.feedback.insight,
  surveyAnswers: apiRoutes.admin.feedback.answers,
  personTimeline: apiRoutes.admin.personTimeline,
  analyticsOptOut: apiRoutes.admin.analyticsOptOut,
  posts: apiRoutes.admin.posts.list,
  savedViews: apiRoutes.admin.savedViews.list,
  webhooks: apiRoutes.admin.webhooks.list,
} as const;
