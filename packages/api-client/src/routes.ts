/**
 * Every route of the API, written once (apps/api/src/routes registers them; a test
 * checks both ways, test/api-registration.test.ts): the methods it answers (HEAD
 * goes with GET) and its path, parameters in Fastify's syntax:
 * 'GET,PUT /api/beta-feedback/progress', 'GET /api/posts/:slug'.
 *
 * The front ends name a route, never its path: `apiRoutes.posts.list` is
 * '/api/posts', and a route with parameters is a function that encodes them,
 * `apiRoutes.posts.post(slug)`; a built path keeps its template type
 * (`/api/posts/${string}`), by which reads.ts knows what it answers. The public
 * site's proxy forwards the routes of `siteRouteTable` and no others.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Methods = Method | `${Method},${Method}` | `${Method},${Method},${Method}`;

/** One route: 'METHOD[,METHOD] /api/path'. */
type Route = `${Methods} /api/${string}`;
type RouteTable = { readonly [name: string]: Route | RouteTable };

/** The public site's routes, the ones its /api proxy forwards (apps/marketing/app/routes/api.$.ts). */
export const siteRouteTable = {
  health: 'GET /api/health',
  posts: {
    list: 'GET /api/posts',
    post: 'GET /api/posts/:slug',
    /** Issue 23: what the site's servers poll to follow a publish within seconds. */
    version: 'GET /api/posts-version',
  },
  /** Issue 23: a post of a signed preview link, whatever its status (the site's preview page). */
  postPreviews: {
    preview: 'GET /api/post-previews/:token',
  },
  /** Issue 23: one size of an uploaded post image (`src` of the upload's answer). */
  postImages: {
    image: 'GET /api/post-images/:file',
  },
  waitlist: {
    signup: 'POST /api/waitlist',
    /** Issue 11: the confirmation link's page posts its token here. */
    confirm: 'POST /api/waitlist/confirm',
    /** Issue 11: a person's place, from the signed link of the confirmation email. */
    status: 'GET /api/waitlist/status',
  },
  /** Issue 11: the invitation email's link lands on /beta/accept, whose button posts here. */
  betaInvitations: { accept: 'POST /api/beta/invitations/accept' },
  contact: { send: 'POST /api/contact' },
  betaFeedback: {
    submit: 'POST /api/beta-feedback',
    /** The survey saved step by step (issue 12): read back on return, saved at each step. */
    progress: 'GET,PUT /api/beta-feedback/progress',
  },
  analytics: { events: 'POST /api/analytics/events' },
  email: {
    /** The unsubscribe link of every bulk email, its page, and RFC 8058 one-click posts. */
    unsubscribe: 'GET,POST /api/email/unsubscribe',
  },
} as const satisfies RouteTable;

/** The console's routes, the API reference and Postmark's webhook: never through the public site. */
const consoleRouteTable = {
  /** The OpenAPI reference page (Swagger UI over /api/openapi.json), and its files. */
  docs: 'GET /api/docs',
  docsAsset: 'GET /api/docs/assets/:file',
  /** The same page over the whole document, admin API included (a session or key). */
  adminDocs: 'GET /api/docs?api=admin',
  openapi: 'GET /api/openapi.json',
  adminOpenapi: 'GET /api/admin/openapi.json',
  analytics: { dashboard: 'GET /api/analytics/dashboard' },
  auth: {
    setupStatus: 'GET /api/setup-status',
    user: 'GET /api/user',
    login: 'POST /api/login',
    register: 'POST /api/register',
    verifyEmail: 'POST /api/verify-email',
    invite: 'GET /api/invite',
    acceptInvite: 'POST /api/accept-invite',
    logout: 'POST /api/logout',
    /** Issue 19: a passkey, as the second factor or without a password. */
    passkeyOptions: 'POST /api/login/passkey/options',
    passkey: 'POST /api/login/passkey',
    /** Issue 19: the second step after a right password. */
    totp: 'POST /api/login/totp',
    recovery: 'POST /api/login/recovery',
    /** Issue 35: single sign-on; start and callback are browser navigations, not fetches. */
    oidc: 'GET /api/auth/oidc',
    oidcStart: 'GET /api/auth/oidc/start',
    oidcCallback: 'GET /api/auth/oidc/callback',
  },
  /** Issue 19: the signed-in account's own security (second factors). */
  account: {
    security: 'GET /api/account/security',
    totpSetup: 'POST /api/account/totp/setup',
    totpConfirm: 'POST /api/account/totp/confirm',
    totpDisable: 'POST /api/account/totp/disable',
    recoveryCodes: 'POST /api/account/recovery-codes',
    passkeyOptions: 'POST /api/account/passkeys/options',
    passkeys: 'POST /api/account/passkeys',
    passkey: 'DELETE /api/account/passkeys/:id',
  },
  email: { postmarkWebhook: 'POST /api/email/webhooks/postmark' },
  admin: {
    waitlist: {
      list: 'GET /api/admin/waitlist',
      entry: 'DELETE /api/admin/waitlist/:id',
      export: 'GET /api/admin/waitlist/export',
      sources: 'GET /api/admin/waitlist/sources',
      resendConfirmation: 'POST /api/admin/waitlist/:id/resend-confirmation',
      referrals: 'GET /api/admin/waitlist/:id/referrals',
      /** Issue 32: bulk actions on a selection, their runs, a selection's export. */
      bulkApprove: 'POST /api/admin/waitlist/bulk/approve',
      bulkHangTight: 'POST /api/admin/waitlist/bulk/hang-tight',
      bulkDelete: 'POST /api/admin/waitlist/bulk/delete',
      bulkExport: 'POST /api/admin/waitlist/bulk/export',
      bulkRuns: 'GET /api/admin/waitlist/bulk/runs',
      bulkRun: 'GET /api/admin/waitlist/bulk/runs/:id',
      /** Issue 34: a CSV import, step by step (GET: the imports of the last 30 days). */
      imports: 'GET,POST /api/admin/waitlist/imports',
      importDryRun: 'POST /api/admin/waitlist/imports/:id/dry-run',
      importStart: 'POST /api/admin/waitlist/imports/:id/start',
      importStatus: 'GET /api/admin/waitlist/imports/:id/status',
      importUndo: 'POST /api/admin/waitlist/imports/:id/undo',
    },
    beta: {
      participants: 'GET /api/admin/beta/participants',
      participant: 'PATCH /api/admin/beta/participants/:id',
      approve: 'POST /api/admin/beta/approve/:waitlistEntryId',
      sendWaitlistUpdate: 'POST /api/admin/beta/send-waitlist-update/:waitlistEntryId',
      resendInvite: 'POST /api/admin/beta/resend-invite/:participantId',
    },
    /** Issue 11: invite codes. */
    inviteCodes: {
      list: 'GET,POST /api/admin/invite-codes',
      code: 'PATCH /api/admin/invite-codes/:id',
      redemptions: 'GET /api/admin/invite-codes/:id/redemptions',
    },
    contacts: {
      list: 'GET /api/admin/contacts',
      message: 'PATCH,DELETE /api/admin/contacts/:id',
      export: 'GET /api/admin/contacts/export',
    },
    apiKeys: {
      list: 'GET,POST /api/admin/api-keys',
      key: 'DELETE /api/admin/api-keys/:id',
    },
    accounts: {
      list: 'GET /api/admin/accounts',
      invite: 'POST /api/admin/accounts/invite',
      account: 'DELETE /api/admin/accounts/:id',
      disable: 'POST /api/admin/accounts/:id/disable',
      enable: 'POST /api/admin/accounts/:id/enable',
      sessions: 'GET /api/admin/accounts/:id/sessions',
      session: 'DELETE /api/admin/accounts/:id/sessions/:sessionId',
      role: 'PUT /api/admin/accounts/:id/role',
      resetTwoFactor: 'POST /api/admin/accounts/:id/two-factor/reset',
      /** Issue 31: open invitations (staff:manage), and revoking one. */
      invitations: 'GET /api/admin/accounts/invitations',
      invitation: 'DELETE /api/admin/accounts/invitations/:id',
    },
    /** Issue 19: roles (staff:manage). */
    roles: {
      list: 'GET,POST /api/admin/roles',
      role: 'PATCH,DELETE /api/admin/roles/:id',
    },
    email: {
      templates: 'GET /api/admin/email/templates',
      templatePreview: 'GET /api/admin/email/templates/:templateId/preview',
      outbox: 'GET /api/admin/email/outbox',
      outboxMessage: 'GET /api/admin/email/outbox/:id',
      retry: 'POST /api/admin/email/outbox/:id/retry',
      test: 'POST /api/admin/email/test',
      bulkSendDryRun: 'POST /api/admin/email/bulk-send/dry-run',
      bulkSend: 'POST /api/admin/email/bulk-send',
      bulkSendResult: 'GET /api/admin/email/bulk-sends/:id',
      suppressions: 'GET,DELETE /api/admin/email/suppressions',
      suppressionsImport: 'POST /api/admin/email/suppressions/import',
    },
    feedback: {
      list: 'GET /api/admin/feedback',
      response: 'DELETE /api/admin/feedback/:id',
      insight: 'GET /api/admin/feedback/insight',
      answers: 'GET /api/admin/feedback/answers',
      export: 'GET /api/admin/feedback/export',
    },
    /** Issue 23: the blog's posts (posts:read, posts:write, posts:publish). */
    posts: {
      list: 'GET,POST /api/admin/posts',
      post: 'GET,PATCH,DELETE /api/admin/posts/:id',
      publish: 'POST /api/admin/posts/:id/publish',
      unpublish: 'POST /api/admin/posts/:id/unpublish',
      schedule: 'POST /api/admin/posts/:id/schedule',
      revisions: 'GET /api/admin/posts/:id/revisions',
      restore: 'POST /api/admin/posts/:id/revisions/:revisionId/restore',
      /** Its problems against the site's SEO rules (a publish needs none blocking, or an override). */
      checks: 'GET /api/admin/posts/:id/checks',
      /** A signed link to its page on the site, whatever its status (posts:write; recorded, issue 31). */
      previewLink: 'POST /api/admin/posts/:id/preview-link',
      /** Issue 31: an edit of a live post kept for review (read: posts:read; the rest posts:publish). */
      pendingRevision: 'GET,DELETE /api/admin/posts/:id/pending-revision',
      publishPendingRevision: 'POST /api/admin/posts/:id/pending-revision/publish',
      /** Its recorded preview links: who made each, when, until when, its status (posts:read). */
      previewLinks: 'GET /api/admin/posts/:id/preview-links',
      /** Revokes one (posts:write). */
      previewLinkRecord: 'DELETE /api/admin/posts/:id/preview-links/:linkId',
    },
    /** Issue 23: an image for a post, its bytes as the body (posts:write). */
    postImages: {
      upload: 'POST /api/admin/post-images',
    },
    erasure: 'POST /api/admin/erasure',
    auditLog: 'GET /api/admin/audit-log',
    personTimeline: 'GET /api/admin/people/timeline',
    analyticsOptOut: 'GET /api/admin/analytics-opt-out',
    /** Issue 32: the signed-in staff member's own saved views of a list. */
    savedViews: {
      list: 'GET,POST /api/admin/saved-views',
      view: 'DELETE /api/admin/saved-views/:id',
    },
    /** Issue 34: outgoing webhooks, Slack endpoints and Zapier REST Hooks (webhooks:manage). */
    webhooks: {
      list: 'GET,POST /api/admin/webhooks',
      endpoint: 'GET,PATCH,DELETE /api/admin/webhooks/:id',
      rotateSecret: 'POST /api/admin/webhooks/:id/rotate-secret',
      test: 'POST /api/admin/webhooks/:id/test',
      deliveries: 'GET /api/admin/webhooks/:id/deliveries',
      delivery: 'GET /api/admin/webhooks/:id/deliveries/:deliveryId',
      resend: 'POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend',
      resendFailed: 'POST /api/admin/webhooks/:id/resend-failed',
    },
    /** Issue 34: Zapier REST Hooks, for an API key holding webhooks:manage. */
    zapier: {
      hooks: 'POST /api/admin/zapier/hooks',
      hook: 'DELETE /api/admin/zapier/hooks/:id',
      samples: 'GET /api/admin/zapier/samples',
    },
    settings: {
      autoFill: 'GET,PUT /api/admin/settings/auto-fill',
      twoFactor: 'GET,PUT /api/admin/settings/two-factor',
      /** Issue 35: SSO only and its break-glass Owners. */
      sso: 'GET,PUT /api/admin/settings/sso',
    },
  },
} as const satisfies RouteTable;

/** Both tables in one: the site's groups and the console's with the same name merge. */
export const apiRouteTable = /* @__PURE__ */ mergeTables(siteRouteTable, consoleRouteTable);

type PathOf<R extends Route> = R extends `${string} ${infer Path}` ? Path : never;

/** '/api/a/:id/b' -> `/api/a/${string}/b` */
type Built<P extends string> = P extends `${infer Head}:${infer Rest}`
  ? Rest extends `${string}/${infer Tail}`
    ? `${Head}${string}/${Built<Tail>}`
    : `${Head}${string}`
  : P;

/** One string a parameter: '/api/a/:id/b/:other' -> [string, string] */
type Params<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${string}/${infer Tail}`
    ? [string, ...Params<Tail>]
    : [string]
  : [];

type PathTo<P extends string> = P extends `${string}/:${string}`
  ? (...params: Params<P>) => Built<P>
  : P;

/** A route table's paths: a fixed path as it is, a path with parameters as its builder. */
export type Paths<T extends RouteTable> = {
  readonly [K in keyof T]: T[K] extends Route
    ? PathTo<PathOf<T[K]>>
    : T[K] extends RouteTable
      ? Paths<T[K]>
      : never;
};

type Merged<A, B> = {
  readonly [K in keyof A | keyof B]: K extends keyof A
    ? K extends keyof B
      ? Merged<A[K], B[K]>
      : A[K]
    : K extends keyof B
      ? B[K]
      : never;
};

function mergeTables<A extends RouteTable, B extends RouteTable>(a: A, b: B): Merged<A, B> {
  const merged: Record<string, Route | RouteTable> = { ...a };
  for (const [name, value] of Object.entries(b)) {
    const mine = merged[name];
    merged[name] =
      typeof mine === 'object' && typeof value === 'object' ? mergeTables(mine, value) : value;
  }
  return merged as Merged<A, B>;
}

const PARAMETER = /:[^/]+/g;

function pathOf(route: Route): string {
  return route.slice(route.indexOf(' ') + 1);
}

function pathsOf<T extends RouteTable>(table: T): Paths<T> {
  const paths: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(table)) {
    if (typeof value === 'object') {
      paths[name] = pathsOf(value);
      continue;
    }
    const path = pathOf(value);
    paths[name] = path.includes('/:')
      ? (...params: string[]) => {
          let index = 0;
          return path.replace(PARAMETER, () => encodeURIComponent(params[index++] ?? ''));
        }
      : path;
  }
  return paths as Paths<T>;
}

export const siteRoutes = /* @__PURE__ */ pathsOf(siteRouteTable);
export const apiRoutes = /* @__PURE__ */ pathsOf(apiRouteTable);

/** A route of a table as data: its methods (HEAD with GET) and its path pattern, no query. */
export interface RouteEntry {
  methods: string[];
  pattern: string;
}

/** Every route of a table, once each. */
export function routeEntries(table: RouteTable): RouteEntry[] {
  const entries = new Map<string, RouteEntry>();
  const visit = (node: RouteTable) => {
    for (const value of Object.values(node)) {
      if (typeof value === 'object') {
        visit(value);
        continue;
      }
      const methods = value.slice(0, value.indexOf(' ')).split(',');
      const pattern = pathOf(value).split('?')[0]!;
      const entry = entries.get(pattern) ?? { methods: [], pattern };
      for (const method of methods.includes('GET') ? [...methods, 'HEAD'] : methods) {
        if (!entry.methods.includes(method)) entry.methods.push(method);
      }
      entries.set(pattern, entry);
    }
  };
  visit(table);
  return [...entries.values()];
}

/**
 * The pattern of the table's route a request names (`/api/posts/:slug`), or
 * undefined: its method is one the route answers and its path the route's, a
 * parameter being one non-empty segment. A route without parameters wins over one
 * with (as in Fastify's router). The metrics label requests by it (issue 21).
 */
export function createRouteFinder(
  table: RouteTable,
): (method: string, pathname: string) => string | undefined {
  const routes = routeEntries(table)
    .map(({ methods, pattern }) => ({
      methods,
      pattern,
      parameters: pattern.split(PARAMETER).length - 1,
      path: new RegExp(
        `^${pattern
          .split(PARAMETER)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]+')}$`,
      ),
    }))
    .sort((a, b) => a.parameters - b.parameters);
  return (method, pathname) =>
    routes.find((route) => route.methods.includes(method) && route.path.test(pathname))?.pattern;
}

/** Whether a request names a route of the table (see createRouteFinder). */
export function createRouteMatcher(
  table: RouteTable,
): (method: string, pathname: string) => boolean {
  const find = createRouteFinder(table);
  return (method, pathname) => find(method, pathname) !== undefined;
}

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
