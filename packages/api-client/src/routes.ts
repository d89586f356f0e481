/**
 * Every path of the API, written once (apps/api/src/routes): the front ends
 * name a route, never its path. Path parameters are encoded here; a built path
 * keeps its template type (`/api/admin/waitlist/${string}/referrals`, hence the
 * `as const`), by which reads.ts knows what it answers.
 */
const segment = encodeURIComponent;

/** The public site's routes, apart so that the site's bundles leave the console's out. */
export const siteRoutes = {
  health: '/api/health',
  /** The OpenAPI reference page (Swagger UI over /api/openapi.json). */
  docs: '/api/docs',
  /** The same page over the whole document, admin API included (a session or key). */
  adminDocs: '/api/docs?api=admin',
  openapi: '/api/openapi.json',
  posts: {
    list: '/api/posts',
    post: (slug: string) => `/api/posts/${segment(slug)}` as const,
  },
  waitlist: {
    signup: '/api/waitlist',
    /** Issue 11: the confirmation link's page posts its token here. */
    confirm: '/api/waitlist/confirm',
    /** Issue 11: a person's place, from the signed link of the confirmation email. */
    status: '/api/waitlist/status',
  },
  /** Issue 11: the invitation email's link lands on /beta/accept, whose button posts here. */
  betaInvitations: { accept: '/api/beta/invitations/accept' },
  contact: { send: '/api/contact' },
  betaFeedback: {
    submit: '/api/beta-feedback',
    progress: '/api/beta-feedback/progress',
  },
  analytics: {
    events: '/api/analytics/events',
    dashboard: '/api/analytics/dashboard',
  },
} as const;

const consoleRoutes = {
  auth: {
    setupStatus: '/api/setup-status',
    user: '/api/user',
    login: '/api/login',
    register: '/api/register',
    verifyEmail: '/api/verify-email',
    invite: '/api/invite',
    acceptInvite: '/api/accept-invite',
    logout: '/api/logout',
    /** Issue 19: a passkey, as the second factor or without a password. */
    passkeyOptions: '/api/login/passkey/options',
    passkey: '/api/login/passkey',
    /** Issue 19: the second step after a right password. */
    totp: '/api/login/totp',
    recovery: '/api/login/recovery',
  },
  /** Issue 19: the signed-in account's own security (second factors). */
  account: {
    security: '/api/account/security',
    totpSetup: '/api/account/totp/setup',
    totpConfirm: '/api/account/totp/confirm',
    totpDisable: '/api/account/totp/disable',
    recoveryCodes: '/api/account/recovery-codes',
    passkeyOptions: '/api/account/passkeys/options',
    passkeys: '/api/account/passkeys',
    passkey: (id: string) => `/api/account/passkeys/${segment(id)}` as const,
  },
  email: {
    unsubscribe: '/api/email/unsubscribe',
    postmarkWebhook: '/api/email/webhooks/postmark',
  },
  admin: {
    waitlist: {
      list: '/api/admin/waitlist',
      entry: (id: string) => `/api/admin/waitlist/${segment(id)}` as const,
      export: '/api/admin/waitlist/export',
      sources: '/api/admin/waitlist/sources',
      resendConfirmation: (id: string) =>
        `/api/admin/waitlist/${segment(id)}/resend-confirmation` as const,
      referrals: (id: string) => `/api/admin/waitlist/${segment(id)}/referrals` as const,
    },
    beta: {
      participants: '/api/admin/beta/participants',
      participant: (id: string) => `/api/admin/beta/participants/${segment(id)}` as const,
      approve: (waitlistEntryId: string) =>
        `/api/admin/beta/approve/${segment(waitlistEntryId)}` as const,
      sendWaitlistUpdate: (waitlistEntryId: string) =>
        `/api/admin/beta/send-waitlist-update/${segment(waitlistEntryId)}` as const,
      resendInvite: (participantId: string) =>
        `/api/admin/beta/resend-invite/${segment(participantId)}` as const,
    },
    /** Issue 11: invite codes. */
    inviteCodes: {
      list: '/api/admin/invite-codes',
      code: (id: string) => `/api/admin/invite-codes/${segment(id)}` as const,
      redemptions: (id: string) => `/api/admin/invite-codes/${segment(id)}/redemptions` as const,
    },
    contacts: {
      list: '/api/admin/contacts',
      message: (id: string) => `/api/admin/contacts/${segment(id)}` as const,
      export: '/api/admin/contacts/export',
    },
    apiKeys: {
      list: '/api/admin/api-keys',
      key: (id: string) => `/api/admin/api-keys/${segment(id)}` as const,
    },
    accounts: {
      list: '/api/admin/accounts',
      invite: '/api/admin/accounts/invite',
      account: (id: string) => `/api/admin/accounts/${segment(id)}` as const,
      disable: (id: string) => `/api/admin/accounts/${segment(id)}/disable` as const,
      enable: (id: string) => `/api/admin/accounts/${segment(id)}/enable` as const,
      sessions: (id: string) => `/api/admin/accounts/${segment(id)}/sessions` as const,
      session: (id: string, sessionId: string) =>
        `/api/admin/accounts/${segment(id)}/sessions/${segment(sessionId)}` as const,
      role: (id: string) => `/api/admin/accounts/${segment(id)}/role` as const,
      resetTwoFactor: (id: string) =>
        `/api/admin/accounts/${segment(id)}/two-factor/reset` as const,
    },
    /** Issue 19: roles (staff:manage). */
    roles: {
      list: '/api/admin/roles',
      role: (id: string) => `/api/admin/roles/${segment(id)}` as const,
    },
    email: {
      templates: '/api/admin/email/templates',
      templatePreview: (templateId: string) =>
        `/api/admin/email/templates/${segment(templateId)}/preview` as const,
      outbox: '/api/admin/email/outbox',
      outboxMessage: (id: string) => `/api/admin/email/outbox/${segment(id)}` as const,
      retry: (id: string) => `/api/admin/email/outbox/${segment(id)}/retry` as const,
      test: '/api/admin/email/test',
      bulkSendDryRun: '/api/admin/email/bulk-send/dry-run',
      bulkSend: '/api/admin/email/bulk-send',
      bulkSendResult: (id: string) => `/api/admin/email/bulk-sends/${segment(id)}` as const,
      suppressions: '/api/admin/email/suppressions',
      suppressionsImport: '/api/admin/email/suppressions/import',
    },
    feedback: {
      list: '/api/admin/feedback',
      response: (id: string) => `/api/admin/feedback/${segment(id)}` as const,
      insight: '/api/admin/feedback/insight',
      answers: '/api/admin/feedback/answers',
      export: '/api/admin/feedback/export',
    },
    erasure: '/api/admin/erasure',
    auditLog: '/api/admin/audit-log',
    personTimeline: '/api/admin/people/timeline',
    analyticsOptOut: '/api/admin/analytics-opt-out',
    settings: {
      autoFill: '/api/admin/settings/auto-fill',
      twoFactor: '/api/admin/settings/two-factor',
    },
  },
} as const;

export const apiRoutes = { ...siteRoutes, ...consoleRoutes } as const;

/** Query string values; '' and undefined are left out. */
export type QueryParams = Record<string, string | number | undefined>;

/** '/api/x' + { page: 1, search: '' } -> '/api/x?page=1' (empty values are left out). */
export function pathWithParams(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
