/**
 * What each GET path the console reads answers, and the query string it takes:
 * a read names its path (from `apiRoutes`) and gets its type, never writes it.
 * The types come from the API's schemas (types.ts); the paths are those of
 * `apiRoutes` (routes.ts), whose built paths keep their template type, so no
 * path is written here.
 */
import type { apiRoutes } from './routes';
import type {
  AccountSecurity,
  SsoSettings,
  SsoStatus,
  AdminPost,
  AdminPostPage,
  PostListQuery,
  PostRevisionList,
  PostChecks,
  PostPendingRevisionAnswer,
  PostPreviewLinkList,
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
  SavedViewListQuery,
  SavedViews,
  SetupStatus,
  SignupSources,
  SignupSourcesQuery,
  StaffAccountList,
  StaffInvitationList,
  StaffSessionList,
  SuppressionListQuery,
  SuppressionPage,
  SurveyAnswersQuery,
  SurveyInsight,
  SurveyTextAnswerPage,
  TemplatePreviewQuery,
  TwoFactorPolicy,
  User,
  WaitlistBulkRunList,
  WaitlistImportRunList,
  WaitlistListQuery,
  WaitlistPage,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookDeliveryListQuery,
  WebhookEndpointList,
} from './types';

type Routes = typeof apiRoutes;
type Admin = Routes['admin'];
/** The path a route's builder makes: `/api/admin/waitlist/${string}/referrals`. */
type Built<Builder> = Builder extends (...params: never[]) => infer Path ? Path : never;

/** The paths read as JSON, each with what it answers. */
type JsonReads =
  | [Routes['auth']['user'], User]
  | [Routes['auth']['setupStatus'], SetupStatus]
  | [Routes['auth']['invite'], InviteDetails]
  | [Routes['analytics']['dashboard'], AnalyticsDashboard]
  | [Routes['account']['security'], AccountSecurity]
  | [Admin['waitlist']['list'], WaitlistPage]
  | [Admin['waitlist']['sources'], SignupSources]
  | [Built<Admin['waitlist']['referrals']>, ReferralChain]
  | [Admin['waitlist']['imports'], WaitlistImportRunList]
  | [Admin['waitlist']['bulkRuns'], WaitlistBulkRunList]
  | [Admin['beta']['participants'], BetaParticipantList]
  | [Admin['settings']['autoFill'], AutoFillSetting]
  | [Admin['settings']['twoFactor'], TwoFactorPolicy]
  | [Admin['settings']['sso'], SsoSettings]
  | [Routes['auth']['oidc'], SsoStatus]
  | [Admin['inviteCodes']['list'], InviteCodeList]
  | [Built<Admin['inviteCodes']['redemptions']>, InviteCodeRedemptions]
  | [Admin['contacts']['list'], ContactMessagePage]
  | [Admin['apiKeys']['list'], ApiKeyList]
  | [Admin['accounts']['list'], StaffAccountList]
  | [Admin['accounts']['invitations'], StaffInvitationList]
  | [Built<Admin['accounts']['sessions']>, StaffSessionList]
  | [Admin['roles']['list'], RoleList]
  | [Admin['email']['templates'], EmailTemplateList]
  | [Admin['email']['outbox'], OutboxMessagePage]
  | [Built<Admin['email']['outboxMessage']>, OutboxMessageDetail]
  | [Admin['email']['suppressions'], SuppressionPage]
  | [Admin['feedback']['insight'], SurveyInsight]
  | [Admin['feedback']['answers'], SurveyTextAnswerPage]
  | [Admin['posts']['list'], AdminPostPage]
  | [Built<Admin['posts']['post']>, AdminPost]
  | [Built<Admin['posts']['revisions']>, PostRevisionList]
  | [Built<Admin['posts']['checks']>, PostChecks]
  | [Built<Admin['posts']['pendingRevision']>, PostPendingRevisionAnswer]
  | [Built<Admin['posts']['previewLinks']>, PostPreviewLinkList]
  | [Admin['auditLog'], AuditLogPage]
  | [Admin['personTimeline'], PersonTimeline]
  | [Admin['analyticsOptOut'], AnalyticsOptOutPage]
  | [Admin['savedViews']['list'], SavedViews]
  | [Admin['webhooks']['list'], WebhookEndpointList]
  | [Built<Admin['webhooks']['deliveries']>, WebhookDeliveryList]
  | [Built<Admin['webhooks']['delivery']>, WebhookDeliveryDetail];

/*
 * Not here: GET admin.webhooks.endpoint (one endpoint, `/api/admin/webhooks/${string}`),
 * whose template would also match its deliveries' paths and make their answers a union;
 * the console reads endpoints from the list.
 */

/** A path answered with an HTML document, read as text: a template's preview. */
export type HtmlReadPath = Built<Admin['email']['templatePreview']>;

/** The reads that take a query string, with its fields. */
type Queries =
  | [Routes['auth']['invite'], InviteQuery]
  | [Routes['analytics']['dashboard'], DashboardQuery]
  | [Admin['waitlist']['list'], WaitlistListQuery]
  | [Admin['waitlist']['sources'], SignupSourcesQuery]
  | [Admin['contacts']['list'], ContactListQuery]
  | [Admin['email']['outbox'], OutboxListQuery]
  | [Admin['email']['suppressions'], SuppressionListQuery]
  | [Admin['feedback']['answers'], SurveyAnswersQuery]
  | [Admin['posts']['list'], PostListQuery]
  | [Admin['auditLog'], AuditLogQuery]
  | [Admin['personTimeline'], PersonTimelineQuery]
  | [Admin['savedViews']['list'], SavedViewListQuery]
  | [Built<Admin['webhooks']['deliveries']>, WebhookDeliveryListQuery]
  | [HtmlReadPath, TemplatePreviewQuery];

/** What `Table` pairs with the path `P` (a fixed path, or one a builder made); never if nothing. */
type Lookup<Table, P> = Table extends [infer Path, infer Value]
  ? P extends Path
    ? Value
    : never
  : never;

/** A path the console reads as JSON (its default query function's kind of read). */
export type JsonReadPath = JsonReads[0];

export type ReadPath = JsonReadPath | HtmlReadPath;

/** What a GET of `P` answers: `ReadResponse<'/api/admin/waitlist'>` is `WaitlistPage`. */
export type ReadResponse<P extends ReadPath> = P extends HtmlReadPath
  ? string
  : Lookup<JsonReads, P>;

/** The query string a GET of `P` takes (`never` where it takes none). */
export type ReadQuery<P extends ReadPath> = Lookup<Queries, P>;
