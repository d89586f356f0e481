/**
 * The API's request and response shapes, inferred from the zod schemas the API
 * validates and serialises through (packages/validation): nothing here is
 * written by hand, so a schema change reaches every caller. Dates travel as
 * ISO 8601 strings.
 */
import type { Input, Output, Query, requests, responses } from './contract';

type ItemOf<T> = T extends readonly (infer Item)[] ? Item : never;

/** The error contract of every 4xx and 5xx answer: `{ message, type?, issues? }`. */
export type ErrorBody = Output<typeof responses.errorBodySchema>;

/** A plain confirmation: `{ message }`. */
export type MessageResponse = Output<typeof responses.messageResponseSchema>;

/** One page of a paged list (`items`, `total`, `page`, `pageSize`), whatever its items. */
export type Page<T> = Omit<Output<typeof responses.waitlistPageSchema>, 'items'> & { items: T[] };
export type SortOrder = ItemOf<typeof requests.SORT_ORDERS>;

// The public site.
export type BlogPost = Output<typeof responses.blogPostSchema>;
/** A post as GET /api/posts lists it: everything a listing shows, without the text. */
export type BlogPostSummary = Output<typeof responses.blogPostSummarySchema>;
export type WaitlistSignupRequest = Input<typeof requests.waitlistSignupRequestSchema>;
export type WaitlistSignupResponse = Output<typeof responses.waitlistSignupResponseSchema>;
export type ContactMessageRequest = Input<typeof requests.contactMessageRequestSchema>;
export type ContactMessageResponse = Output<typeof responses.contactMessageResponseSchema>;
export type BetaFeedbackRequest = Input<typeof requests.betaFeedbackRequestSchema>;
export type BetaFeedbackResponse = Output<typeof responses.betaFeedbackResponseSchema>;
export type SurveyProgressRequest = Input<typeof requests.surveyProgressRequestSchema>;
/** GET /api/beta-feedback/progress?key= : the survey to resume, or null (none, completed or expired). */
export type SurveyProgressAnswer = Output<typeof responses.surveyProgressAnswerSchema>;
/** PUT /api/beta-feedback/progress */
export type SurveyProgressSaved = Output<typeof responses.surveyProgressSavedSchema>;

// Accounts and sessions.
export type AccountStatus = ItemOf<typeof responses.ACCOUNT_STATUSES>;
/** The signed-in account, with its role and permissions (issue 19). */
export type User = Output<typeof responses.signedInUserSchema>;
export type SetupStatus = Output<typeof responses.setupStatusSchema>;
export type LoginRequest = Input<typeof requests.loginSchema>;
/** POST /api/login: signed in, or the second factor is awaited (issue 19). */
export type LoginResponse = Output<typeof responses.loginResponseSchema>;
export type SecondFactorRequired = Output<typeof responses.secondFactorRequiredSchema>;
export type SecondFactorMethod = requests.SecondFactorMethod;
/** POST /api/login/totp, /api/account/totp/confirm, /disable, /api/account/recovery-codes. */
export type TotpCodeRequest = Input<typeof requests.totpCodeBodySchema>;
export type RecoveryCodeRequest = Input<typeof requests.recoveryCodeBodySchema>;
export type TotpSetup = Output<typeof responses.totpSetupSchema>;
export type RecoveryCodes = Output<typeof responses.recoveryCodesSchema>;
export type AccountSecurity = Output<typeof responses.accountSecuritySchema>;
export type TwoFactorPolicy = Output<typeof responses.twoFactorPolicySchema>;
/**
 * POST /api/register body; `setupToken` only for the first account. The API
 * extends the shared schema with the token inside its route (not in
 * packages/validation), so the token is added here.
 */
export type RegisterRequest = Input<typeof requests.registerSchema> & { setupToken?: string };
export type PendingRegistration = Output<typeof responses.pendingRegistrationSchema>;
export type RegisterResponse = Output<typeof responses.registerResponseSchema>;
export type InviteDetails = Output<typeof responses.inviteDetailsSchema>;
/** GET /api/invite?token= */
export type InviteQuery = Query<typeof requests.accountLinkTokenQuerySchema>;
export type AcceptInviteRequest = Input<typeof requests.acceptInviteSchema>;
/** POST /api/verify-email: whoever opens the link sets the password (issue 19). */
export type VerifyEmailRequest = Input<typeof requests.verifyEmailSchema>;
export type VerifyEmailResponse = Output<typeof requests.verifyEmailResponseSchema>;

// Staff accounts, audit log and erasure.
export type StaffAccount = Output<typeof responses.staffAccountSchema>;
export type StaffAccountList = Output<typeof responses.staffAccountListSchema>;
export type StaffAccountResponse = Output<typeof responses.staffAccountResponseSchema>;
export type StaffSession = Output<typeof responses.staffSessionSchema>;
export type StaffSessionList = Output<typeof responses.staffSessionListSchema>;
export type InviteStaffRequest = Input<typeof requests.inviteStaffSchema>;
/** Issue 19: roles and the permissions they hold. */
export type Permission = requests.Permission;
export type Role = Output<typeof responses.roleSchema>;
export type RoleList = Output<typeof responses.roleListSchema>;
export type RoleResponse = Output<typeof responses.roleResponseSchema>;
export type RoleRequest = Input<typeof requests.roleInputSchema>;
/** PUT /api/admin/accounts/:id/role */
export type RoleAssignment = Input<typeof requests.accountRoleSchema>;
export type AuditLogPage = Output<typeof responses.auditLogPageSchema>;
export type AuditLogEntry = ItemOf<AuditLogPage['entries']>;
export type AuditLogQuery = Query<typeof requests.auditLogQuerySchema>;
export type ErasePersonRequest = Input<typeof requests.erasePersonSchema>;
/** What an erasure deleted for good, per kind. */
export type ErasureResult = Output<typeof responses.erasureResultSchema>;
export type PersonTimeline = Output<typeof responses.personTimelineSchema>;
export type TimelineEvent = ItemOf<PersonTimeline['events']>;
export type PersonTimelineQuery = Query<typeof requests.personTimelineQuerySchema>;

// Survey responses and insight.
export type FeedbackResponsePage = Output<typeof responses.feedbackResponsePageSchema>;
export type FeedbackResponseSummary = ItemOf<FeedbackResponsePage['responses']>;
export type SurveyInsight = Output<typeof responses.surveyInsightSchema>;
export type SurveyTextAnswerPage = Output<typeof responses.surveyTextAnswerPageSchema>;
export type SurveyTextAnswer = ItemOf<SurveyTextAnswerPage['items']>;
export type SurveyAnswersQuery = Query<typeof requests.surveyAnswersQuerySchema>;

// The waitlist and the beta.
export type WaitlistPage = Output<typeof responses.waitlistPageSchema>;
export type WaitlistEntry = Output<typeof responses.waitlistEntrySchema>;
export type WaitlistPlace = Output<typeof responses.waitlistPlaceSchema>;
export type ReferralChain = Output<typeof responses.referralChainSchema>;
export type WaitlistSortField = requests.WaitlistSortField;
export type WaitlistState = ItemOf<typeof requests.WAITLIST_STATES>;
export type InviteCode = Output<typeof responses.inviteCodeSchema>;
export type InviteCodeList = Output<typeof responses.inviteCodeListSchema>;
export type InviteCodeRedemptions = Output<typeof responses.inviteCodeRedemptionsSchema>;
export type InviteCodeCreateRequest = Input<typeof requests.inviteCodeCreateSchema>;
export type InviteCodeUpdateRequest = Input<typeof requests.inviteCodeUpdateSchema>;
export type WaitlistListQuery = Query<typeof requests.waitlistListQuerySchema>;
export type SignupSources = Output<typeof responses.signupSourcesSchema>;
export type SignupSourcesQuery = Query<typeof requests.signupSourcesQuerySchema>;
export type BetaParticipant = Output<typeof responses.betaParticipantSchema>;
export type BetaParticipantList = Output<typeof responses.betaParticipantListSchema>;
export type BetaApproval = Output<typeof responses.betaApprovalSchema>;
export type ParticipantStatusUpdate = Input<typeof requests.participantStatusUpdateSchema>;
/** Issue 11: seats held (active + unexpired invitations), free, the cap, invitations about to lapse. */
export type SeatFigures = Output<typeof responses.seatFiguresSchema>;
export type ExpiringInvitation = ItemOf<SeatFigures['expiringSoon']>;
export type InvitationAcceptRequest = Input<typeof requests.invitationAcceptSchema>;
export type InvitationAccepted = Output<typeof responses.invitationAcceptedSchema>;
export type AutoFillSetting = Output<typeof responses.autoFillSettingSchema>;
export type AutoFillSettingUpdate = Input<typeof requests.autoFillSettingUpdateSchema>;
/** An email queued for sending (202). */
export type QueuedEmail = Output<typeof responses.queuedEmailSchema>;

// Passkeys (issue 19).
export type PasskeySummary = Output<typeof responses.passkeySummarySchema>;
export type PasskeyRegistrationOptions = Output<typeof responses.passkeyRegistrationOptionsSchema>;
export type PasskeyAuthenticationOptions = Output<
  typeof responses.passkeyAuthenticationOptionsSchema
>;
/** POST /api/account/passkeys: a name and what navigator.credentials.create() answered. */
export type PasskeyRegistrationRequest = Input<typeof requests.passkeyRegistrationBodySchema>;
/** POST /api/login/passkey: what navigator.credentials.get() answered. */
export type PasskeySignInRequest = Input<typeof requests.passkeySignInBodySchema>;

// Contact messages.
export type ContactMessage = Output<typeof responses.contactMessageSchema>;
export type ContactMessagePage = Output<typeof responses.contactMessagePageSchema>;
export type ContactListQuery = Query<typeof requests.contactListQuerySchema>;
export type ContactStatusUpdate = Input<typeof requests.contactStatusUpdateSchema>;

// API keys.
export type ApiKey = Output<typeof responses.apiKeySchema>;
export type ApiKeyList = Output<typeof responses.apiKeyListSchema>;
export type ApiKeyCreateRequest = Input<typeof requests.apiKeyCreateSchema>;
/** POST /api/admin/api-keys: the only time the full key is returned. */
export type CreatedApiKey = Output<typeof responses.createdApiKeySchema>;
export type RevokedApiKey = Output<typeof responses.revokedApiKeySchema>;

// E-mail.
export type EmailTemplateList = Output<typeof responses.emailTemplateListSchema>;
export type EmailTemplate = ItemOf<EmailTemplateList['templates']>;
export type TemplatePreviewQuery = Query<typeof requests.templatePreviewQuerySchema>;
export type EmailStatus = ItemOf<typeof responses.EMAIL_STATUSES>;
/** What Postmark reported after sending (webhook events); the worst one wins. */
export type DeliveryState = ItemOf<typeof responses.DELIVERY_STATES>;
export type OutboxMessage = Output<typeof responses.outboxMessageSchema>;
export type OutboxMessagePage = Output<typeof responses.outboxMessagePageSchema>;
export type OutboxListQuery = Query<typeof requests.outboxListQuerySchema>;
export type OutboxMessageDetail = Output<typeof responses.outboxMessageDetailSchema>;
export type EmailEvent = ItemOf<OutboxMessageDetail['events']>;
export type TestEmailRequest = Input<typeof requests.testEmailSchema>;
export type BulkDryRunRequest = Input<typeof requests.bulkDryRunSchema>;
export type BulkDryRunResult = Output<typeof responses.bulkDryRunResultSchema>;
/** POST /api/admin/email/bulk-send: a dry run's id (send what it showed) or a selection. */
export type BulkSendRequest =
  Input<typeof requests.bulkConfirmSchema> | Input<typeof requests.bulkEmailSchema>;
export type BulkSendQueued = Output<typeof responses.bulkSendQueuedSchema>;
export type BulkSendResult = Output<typeof responses.bulkSendResultSchema>;
export type SuppressionPage = Output<typeof responses.suppressionPageSchema>;
export type Suppression = ItemOf<SuppressionPage['items']>;
export type SuppressionListQuery = Query<typeof requests.suppressionListQuerySchema>;
export type SuppressionOrigin = ItemOf<typeof responses.SUPPRESSION_ORIGINS>;
export type SuppressionImportRequest = Input<typeof requests.suppressionImportSchema>;
export type SuppressionImportResult = Output<typeof responses.suppressionImportResultSchema>;

// Analytics.
/** GET /api/analytics/dashboard?days= | ?from=&to= */
export type AnalyticsDashboard = Output<typeof responses.analyticsDashboardSchema>;
export type DashboardQuery = Query<typeof requests.dashboardQuerySchema>;
/** A dashboard period: calendar days (UTC) `firstDay`..`lastDay`, from `from` until `to` (exclusive). */
export type DashboardPeriodRange = AnalyticsDashboard['period'];
/** The headline figures of one period, compared with the previous period. */
export type DashboardFigures = AnalyticsDashboard['comparison']['current'];
/** GET /api/admin/analytics-opt-out: the site page that marks a browser as staff. */
export type AnalyticsOptOutPage = Output<typeof responses.analyticsOptOutPageSchema>;
