/**
 * What each GET path the console reads answers, and the query string it takes:
 * a read names its path (from `apiRoutes`) and gets its type, never writes it.
 * The types come from the API's schemas (types.ts); the paths are those of
 * `apiRoutes` (routes.ts), whose built paths keep their template type.
 */
import type {
  AccountSecurity,
  AnalyticsDashboard,
  AnalyticsOptOutPage,
  ApiKeyList,
  AuditLogPage,
  AuditLogQuery,
  AutoFillSetting,
  BetaParticipantList,
  ContactListQuery,
  ContactMessagePage,
  DashboardQuery,
  EmailTemplateList,
  InviteCodeList,
  InviteCodeRedemptions,
  InviteDetails,
  InviteQuery,
  OutboxListQuery,
  OutboxMessageDetail,
  OutboxMessagePage,
  PersonTimeline,
  PersonTimelineQuery,
  ReferralChain,
  RoleList,
  SetupStatus,
  SignupSources,
  SignupSourcesQuery,
  StaffAccountList,
  StaffSessionList,
  SuppressionListQuery,
  SuppressionPage,
  SurveyAnswersQuery,
  SurveyInsight,
  SurveyTextAnswerPage,
  TemplatePreviewQuery,
  TwoFactorPolicy,
  User,
  WaitlistListQuery,
  WaitlistPage,
} from './types';

/** The fixed paths, with what they answer (JSON). */
interface StaticReads {
  '/api/user': User;
  '/api/setup-status': SetupStatus;
  '/api/invite': InviteDetails;
  '/api/analytics/dashboard': AnalyticsDashboard;
  '/api/admin/waitlist': WaitlistPage;
  '/api/admin/waitlist/sources': SignupSources;
  '/api/admin/beta/participants': BetaParticipantList;
  '/api/admin/settings/auto-fill': AutoFillSetting;
  '/api/admin/settings/two-factor': TwoFactorPolicy;
  '/api/account/security': AccountSecurity;
  '/api/admin/invite-codes': InviteCodeList;
  '/api/admin/contacts': ContactMessagePage;
  '/api/admin/api-keys': ApiKeyList;
  '/api/admin/accounts': StaffAccountList;
  '/api/admin/roles': RoleList;
  '/api/admin/email/templates': EmailTemplateList;
  '/api/admin/email/outbox': OutboxMessagePage;
  '/api/admin/email/suppressions': SuppressionPage;
  '/api/admin/feedback/insight': SurveyInsight;
  '/api/admin/feedback/answers': SurveyTextAnswerPage;
  '/api/admin/audit-log': AuditLogPage;
  '/api/admin/people/timeline': PersonTimeline;
  '/api/admin/analytics-opt-out': AnalyticsOptOutPage;
}

/** The fixed paths that take a query string, with its fields. */
interface StaticQueries {
  '/api/invite': InviteQuery;
  '/api/analytics/dashboard': DashboardQuery;
  '/api/admin/waitlist': WaitlistListQuery;
  '/api/admin/waitlist/sources': SignupSourcesQuery;
  '/api/admin/contacts': ContactListQuery;
  '/api/admin/email/outbox': OutboxListQuery;
  '/api/admin/email/suppressions': SuppressionListQuery;
  '/api/admin/feedback/answers': SurveyAnswersQuery;
  '/api/admin/audit-log': AuditLogQuery;
  '/api/admin/people/timeline': PersonTimelineQuery;
}

type ReferralsPath = `/api/admin/waitlist/${string}/referrals`;
type RedemptionsPath = `/api/admin/invite-codes/${string}/redemptions`;
type SessionsPath = `/api/admin/accounts/${string}/sessions`;
type OutboxMessagePath = `/api/admin/email/outbox/${string}`;

/** A path the console reads as JSON (its default query function's kind of read). */
export type JsonReadPath =
  keyof StaticReads | ReferralsPath | RedemptionsPath | SessionsPath | OutboxMessagePath;

/** A path answered with an HTML document, read as text: a template's preview. */
export type HtmlReadPath = `/api/admin/email/templates/${string}/preview`;

export type ReadPath = JsonReadPath | HtmlReadPath;

/** What a GET of `P` answers: `ReadResponse<'/api/admin/waitlist'>` is `WaitlistPage`. */
export type ReadResponse<P extends ReadPath> = P extends keyof StaticReads
  ? StaticReads[P]
  : P extends ReferralsPath
    ? ReferralChain
    : P extends RedemptionsPath
      ? InviteCodeRedemptions
      : P extends SessionsPath
        ? StaffSessionList
        : P extends OutboxMessagePath
          ? OutboxMessageDetail
          : P extends HtmlReadPath
            ? string
            : never;

/** The query string a GET of `P` takes (`never` where it takes none). */
export type ReadQuery<P extends ReadPath> = P extends keyof StaticQueries
  ? StaticQueries[P]
  : P extends HtmlReadPath
    ? TemplatePreviewQuery
    : never;
