import type { ApiClient } from './request';
import { apiRoutes as routes, pathWithParams, siteRoutes } from './routes';
import type {
  AcceptInviteRequest,
  AdminPost,
  PostCreateRequest,
  PostPendingReview,
  PostPreviewLink,
  PostPreviewLinkRequest,
  PostPreviewLinkRecord,
  PostPublishRequest,
  PostScheduleWithOverrideRequest,
  PostImage,
  PostUpdateRequest,
  ApiKeyCreateRequest,
  AutoFillSetting,
  AutoFillSettingUpdate,
  BetaApproval,
  BetaFeedbackRequest,
  BetaFeedbackResponse,
  BetaParticipant,
  BulkDryRunRequest,
  BulkDryRunResult,
  BulkSendQueued,
  BulkSendRequest,
  ContactMessage,
  ContactMessageRequest,
  ContactMessageResponse,
  ContactStatusUpdate,
  CreatedApiKey,
  ErasePersonRequest,
  ErasureResult,
  InvitationAccepted,
  InvitationAcceptRequest,
  InviteCode,
  InviteCodeCreateRequest,
  InviteCodeUpdateRequest,
  InviteStaffRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  ParticipantStatusUpdate,
  PasskeyAuthenticationOptions,
  PasskeyRegistrationOptions,
  PasskeyRegistrationRequest,
  PasskeySignInRequest,
  PasskeySummary,
  QueuedEmail,
  RecoveryCodeRequest,
  RecoveryCodes,
  RegisterRequest,
  RegisterResponse,
  RevokedApiKey,
  RoleAssignment,
  RoleRequest,
  RoleResponse,
  SavedView,
  SavedViewCreateRequest,
  StaffAccountResponse,
  TotpCodeRequest,
  TotpSetup,
  TwoFactorPolicy,
  SsoSettings,
  LogoutResponse,
  Suppression,
  SuppressionImportRequest,
  SuppressionImportResult,
  SurveyProgressAnswer,
  SurveyProgressRequest,
  SurveyProgressSaved,
  TestEmailRequest,
  VerifyEmailRequest,
  VerifyEmailResponse,
  User,
  WaitlistSignupRequest,
  WaitlistBulkAction,
  WaitlistBulkRequest,
  WaitlistBulkRun,
  WaitlistBulkRunList,
  WaitlistImportDryRun,
  WaitlistImportMapping,
  WaitlistImportRun,
  WaitlistImportRunList,
  WaitlistImportUpload,
  WaitlistPlace,
  WaitlistSignupResponse,
  WebhookEndpoint,
  WebhookEndpointCreateRequest,
  WebhookEndpointUpdateRequest,
  WebhookEndpointWithSecret,
  WebhookResendFailedRequest,
  WebhookResendFailedResult,
} from './types';

/**
 * The public site's calls, typed by the API's schemas. Apart from the console's
 * (below), so that a site bundle carries neither the console's calls nor paths.
 */
export function createSiteEndpoints(client: ApiClient) {
  return {
    waitlist: {
      signup: (body: WaitlistSignupRequest) =>
        client.post<WaitlistSignupResponse>(siteRoutes.waitlist.signup, body),
      confirm: (token: string) =>
        client.post<WaitlistPlace>(siteRoutes.waitlist.confirm, { token }),
      status: (token: string) =>
        client.get<WaitlistPlace>(pathWithParams(siteRoutes.waitlist.status, { token })),
    },
    betaInvitations: {
      accept: (body: InvitationAcceptRequest) =>
        client.post<InvitationAccepted>(siteRoutes.betaInvitations.accept, body),
    },
    contact: {
      send: (body: ContactMessageRequest) =>
        client.post<ContactMessageResponse>(siteRoutes.contact.send, body),
    },
    betaFeedback: {
      submit: (body: BetaFeedbackRequest) =>
        client.post<BetaFeedbackResponse>(siteRoutes.betaFeedback.submit, body),
      progress: (key: string) =>
        client.get<SurveyProgressAnswer>(pathWithParams(siteRoutes.betaFeedback.progress, { key })),
      saveProgress: (body: SurveyProgressRequest) =>
        client.put<SurveyProgressSaved>(siteRoutes.betaFeedback.progress, body),
    },
  };
}

/**
 * The console's calls, typed by the API's schemas: it calls
 * `api.admin.beta.approve(id)`, never a path. Its lists and other reads go
 * through react-query with keys from `apiRoutes`, so they are not repeated here.
 */
export function createConsoleEndpoints(client: ApiClient) {
  return {
    auth: {
      /** The signed-in user, or null on 401 (spec section 6). */
      user: () => client.getOrNullOn401<User>(routes.auth.user),
      login: (body: LoginRequest) => client.post<LoginResponse>(routes.auth.login, body),
      /** Issue 19: the second step, after `second_factor_required`. */
      totp: (body: TotpCodeRequest) => client.post<User>(routes.auth.totp, body),
      recovery: (body: RecoveryCodeRequest) => client.post<User>(routes.auth.recovery, body),
      register: (body: RegisterRequest) =>
        client.post<RegisterResponse>(routes.auth.register, body),
      verifyEmail: (body: VerifyEmailRequest) =>
        client.post<VerifyEmailResponse>(routes.auth.verifyEmail, body),
      acceptInvite: (body: AcceptInviteRequest) =>
        client.post<User>(routes.auth.acceptInvite, body),
      logout: () => client.post<LogoutResponse>(routes.auth.logout),
      /** Issue 19: a passkey ceremony's options, then its answer signs in. */
      passkeyOptions: () => client.post<PasskeyAuthenticationOptions>(routes.auth.passkeyOptions),
      passkeySignIn: (body: PasskeySignInRequest) => client.post<User>(routes.auth.passkey, body),
    },
    account: {
      totp: {
        setup: () => client.post<TotpSetup>(routes.account.totpSetup),
        confirm: (body: TotpCodeRequest) =>
          client.post<RecoveryCodes>(routes.account.totpConfirm, body),
        disable: (body: TotpCodeRequest) =>
          client.post<MessageResponse>(routes.account.totpDisable, body),
      },
      regenerateRecoveryCodes: (body: TotpCodeRequest) =>
        client.post<RecoveryCodes>(routes.account.recoveryCodes, body),
      passkeys: {
        options: () => client.post<PasskeyRegistrationOptions>(routes.account.passkeyOptions),
        add: (body: PasskeyRegistrationRequest) =>
          client.post<PasskeySummary>(routes.account.passkeys, body),
        remove: (id: string) => client.delete<MessageResponse>(routes.account.passkey(id)),
      },
    },
    admin: {
      waitlist: {
        remove: (id: string) => client.delete<ErasureResult>(routes.admin.waitlist.entry(id)),
        resendConfirmation: (id: string) =>
          client.post<QueuedEmail>(routes.admin.waitlist.resendConfirmation(id)),
        /**
         * Issue 32: starts a bulk run (202, processed in the background); a retry with
         * the same idempotencyKey answers the same run and acts on nobody twice.
         */
        bulk: (
          action: WaitlistBulkAction,
          body: WaitlistBulkRequest,
          options: { idempotencyKey?: string } = {},
        ) =>
          client.post<WaitlistBulkRun>(
            action === 'approve'
              ? routes.admin.waitlist.bulkApprove
              : action === 'hang-tight'
                ? routes.admin.waitlist.bulkHangTight
                : routes.admin.waitlist.bulkDelete,
            body,
            options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {},
          ),
        bulkRuns: () => client.get<WaitlistBulkRunList>(routes.admin.waitlist.bulkRuns),
        bulkRun: (id: string) => client.get<WaitlistBulkRun>(routes.admin.waitlist.bulkRun(id)),
        /** Issue 34: a CSV import: upload, dry run, start, progress, undo. */
        imports: {
          list: () => client.get<WaitlistImportRunList>(routes.admin.waitlist.imports),
          upload: (file: File) =>
            client.upload<WaitlistImportUpload>(
              pathWithParams(routes.admin.waitlist.imports, { fileName: file.name }),
              // Sent as text/csv whatever the browser calls a .csv file (often application/vnd.ms-excel).
              new File([file], file.name, { type: 'text/csv' }),
            ),
          dryRun: (id: string, mapping: WaitlistImportMapping) =>
            client.post<WaitlistImportDryRun>(routes.admin.waitlist.importDryRun(id), { mapping }),
          start: (id: string, confirmAll: boolean) =>
            client.post<WaitlistImportRun>(routes.admin.waitlist.importStart(id), { confirmAll }),
          status: (id: string) =>
            client.get<WaitlistImportRun>(routes.admin.waitlist.importStatus(id)),
          undo: (id: string) =>
            client.post<WaitlistImportRun>(routes.admin.waitlist.importUndo(id)),
        },
      },
      beta: {
        setStatus: (participantId: string, body: ParticipantStatusUpdate) =>
          client.patch<BetaParticipant>(routes.admin.beta.participant(participantId), body),
        approve: (waitlistEntryId: string) =>
          client.post<BetaApproval>(routes.admin.beta.approve(waitlistEntryId)),
        sendWaitlistUpdate: (waitlistEntryId: string) =>
          client.post<QueuedEmail>(routes.admin.beta.sendWaitlistUpdate(waitlistEntryId)),
        resendInvite: (participantId: string) =>
          client.post<QueuedEmail>(routes.admin.beta.resendInvite(participantId)),
      },
      settings: {
        setAutoFill: (body: AutoFillSettingUpdate) =>
          client.put<AutoFillSetting>(routes.admin.settings.autoFill, body),
        setTwoFactor: (body: TwoFactorPolicy) =>
          client.put<TwoFactorPolicy>(routes.admin.settings.twoFactor, body),
        setSso: (body: SsoSettings) => client.put<SsoSettings>(routes.admin.settings.sso, body),
      },
      /** Issue 32: the signed-in staff member's own views. */
      savedViews: {
        create: (body: SavedViewCreateRequest) =>
          client.post<SavedView>(routes.admin.savedViews.list, body),
        remove: (id: string) => client.delete<MessageResponse>(routes.admin.savedViews.view(id)),
      },
      inviteCodes: {
        create: (body: InviteCodeCreateRequest) =>
          client.post<InviteCode>(routes.admin.inviteCodes.list, body),
        update: (id: string, body: InviteCodeUpdateRequest) =>
          client.patch<InviteCode>(routes.admin.inviteCodes.code(id), body),
      },
      /** Issue 23: a retried create with the same idempotencyKey makes one post, not two. */
      posts: {
        create: (body: PostCreateRequest, options: { idempotencyKey?: string } = {}) =>
          client.post<AdminPost>(
            routes.admin.posts.list,
            body,
            options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {},
          ),
        /**
         * The saved post, or (issue 31) a published or scheduled post's edit by a
         * caller without posts:publish, kept for review (202; `isPendingReview` of @repo/validation tells).
         */
        update: (id: number, body: PostUpdateRequest) =>
          client.patch<AdminPost | PostPendingReview>(routes.admin.posts.post(String(id)), body),
        remove: (id: number) => client.delete<MessageResponse>(routes.admin.posts.post(String(id))),
        /** Blocking SEO problems answer 422 (`problems`) unless `override: { reason }` is sent. */
        publish: (id: number, body: PostPublishRequest = {}) =>
          client.post<AdminPost>(routes.admin.posts.publish(String(id)), body),
        unpublish: (id: number) => client.post<AdminPost>(routes.admin.posts.unpublish(String(id))),
        schedule: (id: number, body: PostScheduleWithOverrideRequest) =>
          client.post<AdminPost>(routes.admin.posts.schedule(String(id)), body),
        restore: (id: number, revisionId: string) =>
          client.post<AdminPost>(routes.admin.posts.restore(String(id), revisionId)),
        previewLink: (id: number, body: PostPreviewLinkRequest = {}) =>
          client.post<PostPreviewLink>(routes.admin.posts.previewLink(String(id)), body),
        /** Issue 31: puts the changes waiting for review on the post (the SEO checks run, as for publish). */
        publishPendingRevision: (id: number, body: PostPublishRequest = {}) =>
          client.post<AdminPost>(routes.admin.posts.publishPendingRevision(String(id)), body),
        discardPendingRevision: (id: number) =>
          client.delete<MessageResponse>(routes.admin.posts.pendingRevision(String(id))),
        /** Issue 31: the link stops at once (the site answers it 404). */
        revokePreviewLink: (id: number, linkId: string) =>
          client.delete<PostPreviewLinkRecord>(
            routes.admin.posts.previewLinkRecord(String(id), linkId),
          ),
      },
      /**
       * Issue 23: uploads an image (PNG, JPEG, WebP, GIF or AVIF, at most 10 MB); the
       * answer's `src` goes into the markdown or the post's featuredImage.
       */
      postImages: {
        upload: (file: Blob) => client.upload<PostImage>(routes.admin.postImages.upload, file),
      },
      contacts: {
        setStatus: (id: string, body: ContactStatusUpdate) =>
          client.patch<ContactMessage>(routes.admin.contacts.message(id), body),
        remove: (id: string) => client.delete<ErasureResult>(routes.admin.contacts.message(id)),
      },
      apiKeys: {
        create: (body: ApiKeyCreateRequest) =>
          client.post<CreatedApiKey>(routes.admin.apiKeys.list, body),
        revoke: (id: string) => client.delete<RevokedApiKey>(routes.admin.apiKeys.key(id)),
      },
      /**
       * Issue 34: outgoing webhook and Slack endpoints (webhooks:manage). A create and a
       * rotation answer the whole signing secret, the only time it is shown.
       */
      webhooks: {
        create: (body: WebhookEndpointCreateRequest) =>
          client.post<WebhookEndpointWithSecret>(routes.admin.webhooks.list, body),
        update: (id: string, body: WebhookEndpointUpdateRequest) =>
          client.patch<WebhookEndpoint>(routes.admin.webhooks.endpoint(id), body),
        remove: (id: string) => client.delete<MessageResponse>(routes.admin.webhooks.endpoint(id)),
        /** The previous secret still signs for 24 hours (WEBHOOK_SECRET_OVERLAP_MS). */
        rotateSecret: (id: string) =>
          client.post<WebhookEndpointWithSecret>(routes.admin.webhooks.rotateSecret(id)),
        sendTest: (id: string) => client.post<MessageResponse>(routes.admin.webhooks.test(id)),
        /** The same event again (the same `webhook-id`), as a new attempt. */
        resend: (id: string, deliveryId: string) =>
          client.post<MessageResponse>(routes.admin.webhooks.resend(id, deliveryId)),
        resendFailed: (id: string, body: WebhookResendFailedRequest) =>
          client.post<WebhookResendFailedResult>(routes.admin.webhooks.resendFailed(id), body),
      },
      accounts: {
        invite: (body: InviteStaffRequest) =>
          client.post<MessageResponse>(routes.admin.accounts.invite, body),
        disable: (id: string) =>
          client.post<StaffAccountResponse>(routes.admin.accounts.disable(id)),
        enable: (id: string) => client.post<StaffAccountResponse>(routes.admin.accounts.enable(id)),
        /** Only a pending account (issue 19). */
        deletePending: (id: string) =>
          client.delete<MessageResponse>(routes.admin.accounts.account(id)),
        revokeSession: (id: string, sessionId: string) =>
          client.delete<MessageResponse>(routes.admin.accounts.session(id, sessionId)),
        setRole: (id: string, body: RoleAssignment) =>
          client.put<StaffAccountResponse>(routes.admin.accounts.role(id), body),
        /** Issue 19: removes a colleague's second factors (staff:manage, a session). */
        resetTwoFactor: (id: string) =>
          client.post<MessageResponse>(routes.admin.accounts.resetTwoFactor(id)),
        /** Issue 31: revokes an open invitation (staff:manage, a session). */
        revokeInvitation: (id: string) =>
          client.delete<MessageResponse>(routes.admin.accounts.invitation(id)),
      },
      roles: {
        create: (body: RoleRequest) => client.post<RoleResponse>(routes.admin.roles.list, body),
        update: (id: string, body: RoleRequest) =>
          client.patch<RoleResponse>(routes.admin.roles.role(id), body),
        remove: (id: string) => client.delete<MessageResponse>(routes.admin.roles.role(id)),
      },
      email: {
        sendTest: (body: TestEmailRequest) =>
          client.post<QueuedEmail>(routes.admin.email.test, body),
        bulkSendDryRun: (body: BulkDryRunRequest) =>
          client.post<BulkDryRunResult>(routes.admin.email.bulkSendDryRun, body),
        bulkSend: (body: BulkSendRequest) =>
          client.post<BulkSendQueued>(routes.admin.email.bulkSend, body),
        removeSuppression: ({ email, stream }: Pick<Suppression, 'email' | 'stream'>) =>
          client.delete<undefined>(
            pathWithParams(routes.admin.email.suppressions, { email, stream }),
          ),
        importSuppressions: (body: SuppressionImportRequest) =>
          client.post<SuppressionImportResult>(routes.admin.email.suppressionsImport, body),
      },
      erase: (body: ErasePersonRequest) => client.post<ErasureResult>(routes.admin.erasure, body),
    },
  };
}
