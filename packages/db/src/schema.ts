import type {
  ColumnType,
  Generated,
  GeneratedAlways,
  Insertable,
  Selectable,
  Updateable,
} from 'kysely';
import type {
  AccountStatus,
  ApiKeyEnvironment,
  AuditActorKind,
  BuiltInRoleKey,
  BulkRunState,
  BulkSkipReason,
  ContactStatus,
  DeliveryState,
  EmailStatus,
  EmailStream,
  ParticipantState,
  PostRevisionActorKind,
  PostStatus,
  RedemptionOutcome,
  SuppressionOrigin,
  WaitlistBulkAction,
  WaitlistImportState,
} from '@repo/validation';

import type {
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from './webhooks-schema';

// The enums of the columns are the contract's (packages/validation), declared once there.
export type { DeliveryState, EmailStatus, EmailStream, SuppressionOrigin };

/**
 * The database's shape, written once. Column names are snake_case in SQL and
 * camelCase here (Kysely's CamelCasePlugin translates).
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  name: string;
  /** Null while pending: the owner sets it when confirming the address (migration 013). */
  passwordHash: string | null;
  /** Pending until the owner clicks the link mailed to the address (migration 005). */
  status: Generated<UserStatus>;
  emailVerifiedAt: Date | null;
  disabledAt: Date | null;
  createdAt: CreatedAt;
  /** The account's role (migration 016); left out, the install's first account is Owner, any other Viewer. */
  roleId: Generated<string>;
  /** The OpenID provider's person this account is linked to (migration 031, issue 35). */
  oidcIssuer: Generated<string | null>;
  oidcSubject: Generated<string | null>;
}

/**
 * A role (issue 19). The built-in ones (`key` set) take their permissions from
 * BUILT_IN_ROLES in @repo/validation, never from the row; a custom role's are in
 * `permissions`.
 */
export interface RolesTable {
  id: Generated<string>;
  key: BuiltInRoleKey | null;
  name: string;
  description: Generated<string>;
  permissions: Generated<string[]>;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

export type UserStatus = AccountStatus;

/**
 * An account's authenticator app (migration 017, issue 19): the secret sealed
 * (AES-256-GCM), working once confirmed; a code's time step is accepted once.
 */
export interface UserTotpTable {
  userId: string;
  secretSealed: string;
  confirmedAt: Date | null;
  /** The RFC 6238 time step of the last code accepted (bigint, read as a number). */
  lastUsedStep: number | null;
  createdAt: CreatedAt;
}

/** Single-use recovery codes (migration 017): only the SHA-256 of each. */
export interface UserRecoveryCodesTable {
  id: Generated<string>;
  userId: string;
  codeHash: string;
  usedAt: Date | null;
  createdAt: CreatedAt;
}

/** A staff account's passkey (WebAuthn credential, migration 018): its public key only. */
export interface PasskeysTable {
  id: Generated<string>;
  userId: string;
  /** The credential id, base64url, as the authenticator names it. */
  credentialId: string;
  /** The COSE public key. */
  publicKey: Uint8Array;
  /** The signature counter last seen (a uint32, in a bigint); it never goes back. */
  counter: ColumnType<number, number | undefined, number>;
  transports: Generated<string[]>;
  /** Synced by its provider (a multi-device passkey). */
  backedUp: Generated<boolean>;
  name: string;
  createdAt: CreatedAt;
  lastUsedAt: Date | null;
}

/** A single-use link mailed to an address; only the SHA-256 of the token is stored. */
export interface AccountTokensTable {
  id: Generated<string>;
  userId: string | null;
  email: string;
  purpose: 'verify_email' | 'invite';
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Date | null;
  createdBy: string | null;
  createdAt: CreatedAt;
  /** The role an invitation gives (migration 016). */
  roleId: string | null;
  /** An invitation revoked by hand or with its inviter's access (migration 022). */
  revokedAt: Date | null;
  revokedBy: string | null;
}

/** Failed sign-ins per key ('account:<username>' or 'address:<ip>'). */
export interface LoginThrottleTable {
  key: string;
  failures: Generated<number>;
  lockedUntil: Date | null;
  updatedAt: Timestamp;
}

/** Who did what, when, from where; never the personal data itself. */
export interface AuditLogTable {
  id: GeneratedAlways<string>;
  actorUserId: string | null;
  /** The username, or 'API key <keyId>', as it was at the time. */
  actorLabel: string;
  /** What acted (migration 016): never read from the label, which a username can imitate. */
  actorKind: AuditActorKind;
  /** The user id (staff) or the API key's id (api_key); null for system and public. */
  actorId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  ip: string | null;
  createdAt: CreatedAt;
}

export interface SessionsTable {
  sid: string;
  data: Json<Record<string, unknown>>;
  userId: string | null;
  expiresAt: Timestamp;
  updatedAt: Timestamp;
  /** Absolute lifetime starts here (migration 005). */
  createdAt: Generated<Date>;
  /** Idle lifetime counts from here. */
  lastSeenAt: Generated<Date>;
  ip: string | null;
  userAgent: string | null;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  /** A calendar date; read it through `to_char` so no time zone shifts it. */
  publishedOn: ColumnType<Date, string, string>;
  category: string;
  tags: ColumnType<string[], string[], string[]>;
  readingTime: number;
  author: string;
  authorEmail: string | null;
  authorBio: string | null;
  content: string | null;
  featuredImage: string | null;
  updatedAt: Timestamp;
  /** Issue 23 (migration 019): only 'published' reaches the site; new rows are drafts. */
  status: Generated<PostStatus>;
  /** When a scheduled post publishes itself. */
  scheduledAt: Date | null;
  /** When the post was first published (kept through an unpublish). */
  publishedAt: Date | null;
  createdAt: CreatedAt;
  /** Set when the row came from the repository's markdown files (the seed), null when written through the API. */
  importedAt: Date | null;
}

/** A post's editable fields as they were before a save (migration 019). */
export interface BlogPostRevisionsTable {
  id: Generated<string>;
  postId: number;
  snapshot: Json<PostSnapshotJson>;
  actorKind: PostRevisionActorKind;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  actorLabel: string;
  createdAt: CreatedAt;
}

/** The editable fields of a post, as a revision keeps them. */
export interface PostSnapshotJson {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  tags: string[];
  readingTime: number;
  author: string;
  authorEmail: string | null;
  authorBio: string | null;
  content: string | null;
  featuredImage: string | null;
}

/**
 * An edit of a published or scheduled post waiting for someone with posts:publish
 * (migration 021, issue 31): the fields it changes, and who edited it last.
 */
export interface BlogPostPendingRevisionsTable {
  id: Generated<string>;
  postId: number;
  changes: Json<Partial<PostSnapshotJson>>;
  actorKind: PostRevisionActorKind;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  actorLabel: string;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** An old address of a post: /blog/<oldSlug> answers 301 to the post's slug now (migration 019). */
export interface BlogPostRedirectsTable {
  oldSlug: string;
  postId: number;
  createdAt: CreatedAt;
}

/**
 * A preview link of a post (migration 023, issue 31): the signed token names this
 * row, and the site's read checks it (not revoked, not expired, creator active).
 * Exactly one of the two creator ids is set.
 */
export interface PostPreviewLinksTable {
  id: Generated<string>;
  postId: number;
  createdByUserId: string | null;
  createdByApiKeyId: string | null;
  /** The creator's username or key label when the link was made. */
  createdByLabel: string;
  createdAt: CreatedAt;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedByUserId: string | null;
  revokedByApiKeyId: string | null;
  revokedByLabel: string | null;
}

/**
 * A staff member's saved view of a console list (migration 027, issue 32): the
 * list's address state under a name unique (in any case) per account and list.
 */
export interface SavedViewsTable {
  id: Generated<string>;
  userId: string;
  list: string;
  name: string;
  /** The address keys of the list (search, state, sort, order, pageSize, cols). */
  state: Json<Record<string, string>>;
  createdAt: CreatedAt;
}

/** An uploaded image of a post (migration 020): its size after rotation, who uploaded it. */
export interface PostImagesTable {
  id: Generated<string>;
  /** SHA-256 (hex) of the uploaded bytes: the same file uploaded again is this image. */
  sha256: string;
  width: number;
  height: number;
  uploadedByUserId: string | null;
  uploadedByApiKeyId: string | null;
  uploadedByLabel: string;
  createdAt: CreatedAt;
}

/** One served size of a post image, without any metadata (migration 020). */
export interface PostImageVariantsTable {
  imageId: string;
  width: number;
  height: number;
  format: 'webp';
  bytes: Buffer;
}

/**
 * A create request's answer, by caller and Idempotency-Key (migration 019): a
 * retry with the same key and body gets it again, for 24 hours.
 */
export interface IdempotencyKeysTable {
  /** Who asked: `staff:<user id>` or `api_key:<key id>`, and the route. */
  scope: string;
  key: string;
  /** SHA-256 of the request body, so the same key with another body is refused. */
  requestHash: string;
  statusCode: number;
  response: Json<unknown>;
  /** Renewed when an expired key is used again. */
  createdAt: Timestamp;
}

export interface WaitlistEntriesTable {
  id: Generated<string>;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  primaryUse: string;
  contentWorkflow: string | null;
  userType: string | null;
  monthlyContentVolume: string | null;
  biggestChallenge: string | null;
  createdAt: CreatedAt;
  /** The visit's first touch (tracker), when the browser sent it. */
  landingPage: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** Double opt-in (issue 11): null until the mailed link is opened. */
  confirmedAt: Date | null;
  /** SHA-256 of the confirmation link's token; cleared once used. */
  confirmationTokenHash: string | null;
  confirmationSentAt: Date | null;
  /** The code of the entry's referral link (/beta?ref=CODE). */
  referralCode: Generated<string>;
  /** Who referred this signup, as claimed by the link it came through. */
  referredById: string | null;
  /** Whether this signup counted for its referrer (set when it is confirmed). */
  referralCredited: Generated<boolean>;
  /** Confirmed signups this entry referred that counted. */
  referralCount: Generated<number>;
  /** Set by an invite code redeemed while no seat was free: the front of the queue. */
  queuePriorityAt: Date | null;
  /** Set when an invitation lapsed unaccepted and the entry went back to the queue. */
  invitationExpiredAt: Date | null;
  /** Issue 19: the invite code brought with the signup, redeemed when the address is confirmed. */
  pendingInviteCodeId: string | null;
  /**
   * Issue 32, kept by triggers (migration 024; whatever a statement writes here is
   * replaced): the entry's number in confirmation order, drawn at its first confirmation.
   */
  queueSeq: Generated<number | null>;
  /**
   * Issue 32, kept by triggers: the entry's sort key while it is in the queue
   * (confirmed, no beta seat), null otherwise. A numeric (a string here); compare it in SQL.
   */
  queueKey: Generated<string | null>;
  /** Issue 34: the CSV import that made the entry (an undo deletes exactly these). */
  importRunId: string | null;
}

/** One row: the number of waitlist entries, kept by triggers (migration 003). */
/** The waitlist total, spread over 16 rows (by backend) so that signups do not queue on one lock: sum them. */
export interface WaitlistStatsTable {
  slot: Generated<number>;
  entries: number;
}

/**
 * Signups per UTC day and source (utm_source, else the referrer's host, else
 * 'direct'), kept by triggers as appended changes (migration 028): sum a key's rows.
 */
export interface WaitlistSourceCountsTable {
  day: Date;
  source: string;
  entries: number;
}

/**
 * Issue 32: queued entries per key bucket (waitlist_queue_bucket(queue_key)), kept by
 * triggers and spread over 16 rows per bucket (by backend): sum a bucket's rows.
 */
export interface WaitlistQueueBucketsTable {
  bucket: number;
  entries: number;
}

/** Issue 32, one row: the referral boost the stored queue keys were computed with. */
export interface WaitlistQueueSettingsTable {
  singleton: Generated<boolean>;
  referralBoost: number;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  company: string | null;
  subject: string;
  message: string;
  status: Generated<ContactStatus>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface BetaParticipantsTable {
  id: Generated<string>;
  waitlistEntryId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  status: Generated<ParticipantStatus>;
  invitedAt: Timestamp;
  lastActiveAt: Date | null;
  createdAt: CreatedAt;
  /** An invitation holds a seat until it is accepted or this passes (issue 11). */
  invitationExpiresAt: Date | null;
  acceptedAt: Date | null;
  /** SHA-256 of the invitation link's token. */
  invitationTokenHash: string | null;
}

export type ParticipantStatus = ParticipantState;

export interface InviteCodesTable {
  id: Generated<string>;
  code: string;
  note: string | null;
  maxRedemptions: Generated<number>;
  redemptions: Generated<number>;
  expiresAt: Date | null;
  disabledAt: Date | null;
  createdBy: string | null;
  createdAt: CreatedAt;
}

export interface InviteCodeRedemptionsTable {
  id: Generated<string>;
  inviteCodeId: string;
  waitlistEntryId: string | null;
  /** approved: a seat was free; queued: the person went to the front of the queue. */
  outcome: RedemptionOutcome;
  createdAt: CreatedAt;
}

/** Console switches, one row per key (e.g. auto-fill). */
export interface AppSettingsTable {
  key: string;
  value: Json<unknown>;
  updatedAt: Timestamp;
  updatedBy: string | null;
}

export interface BetaFeedbackResponsesTable {
  id: Generated<string>;
  email: string;
  firstName: string;
  lastName: string;
  primaryRole: string;
  aiExperienceLevel: string;
  gettingStartedEase: string;
  initialImpressions: string;
  workflowEase: string;
  keywordResearchEase: string;
  blogPostCreationEase: string;
  whyItMattersUseful: string;
  profileSetupRating: string;
  brandSetupRating: string;
  keywordResearchRating: string;
  blogPostRating: string;
  contentLibraryRating: string;
  generalFeedback: string | null;
  contentQualitySatisfaction: string;
  contentAccuracyRating: string;
  brandReflectionRating: string;
  recommendationLikelihood: string;
  overallSatisfaction: string;
  improvementSuggestions: string | null;
  additionalComments: string | null;
  createdAt: CreatedAt;
}

/** A survey in progress, one per browser (migration 009); answers cleared once completed. */
export interface BetaFeedbackProgressTable {
  id: Generated<string>;
  /** SHA-256 (hex) of the random key the browser keeps; the key itself is never stored. */
  browserKeyHash: string;
  /** The answers saved so far (field -> value), validated like the final submit. */
  answers: ColumnType<Record<string, string>, string | undefined, string>;
  /** The step (1-9) the survey reopens at. */
  step: number;
  /** The furthest step reached: the drop-off counts read it. */
  furthestStep: number;
  startedAt: CreatedAt;
  updatedAt: Timestamp;
  completedAt: Date | null;
  responseId: string | null;
}

export interface ApiKeysTable {
  id: Generated<string>;
  name: string;
  environment: ApiKeyEnvironment;
  /** Public identifier embedded in the key; used to find the row. */
  keyId: string;
  /** SHA-256 of the secret part. The secret itself is never stored. */
  secretHash: string;
  /** First 12 and last 4 characters of the full key, for the masked display. */
  keyPrefix: string;
  keyLastFour: string;
  isActive: Generated<boolean>;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: CreatedAt;
  /** What the key may do (migration 016): a subset of API_KEY_PERMISSIONS. */
  permissions: Generated<string[]>;
  /** Null: never expires. */
  expiresAt: Date | null;
  /** The staff account that made it; its current role also caps the key. */
  createdBy: string | null;
  lastUsedIp: string | null;
}

export interface AnalyticsEventsTable {
  id: Generated<string>;
  type: string;
  path: string;
  sessionId: string;
  occurredAt: Timestamp;
  receivedAt: CreatedAt;
  data: Json<Record<string, unknown>>;
  /** Stored, derived from data.referrer: its host, or 'direct' (migration 004). */
  referrerHost: GeneratedAlways<string>;
  /** Stored, derived from data.step_number on waitlist_step_completed events. */
  stepNumber: GeneratedAlways<number | null>;
}

/** Events per UTC hour × type × path (issue 32, migration 025). */
export interface AnalyticsRollupsTable {
  type: string;
  hour: Timestamp;
  path: string;
  events: number;
}

/** What a session-hour counts: a visitor, a visit from a referrer host, a waitlist step (issue 32). */
export type AnalyticsSessionKind = 'visitor' | 'referrer' | 'step';

/** Events per UTC day × type × path (issue 32, migration 025). */
export interface AnalyticsDailyRollupsTable {
  type: string;
  day: string;
  path: string;
  events: number;
}

/** Hours in which a session had page views (per referrer host) or waitlist steps (issue 32). */
export interface AnalyticsSessionHoursTable {
  kind: AnalyticsSessionKind;
  key: string;
  sessionId: string;
  hour: Timestamp;
  events: number;
  prevHour: Timestamp | null;
}

/** Session-hours per hour by the UTC day of the session's previous hour (issue 32). */
export interface AnalyticsDistinctRollupsTable {
  kind: AnalyticsSessionKind;
  key: string;
  hour: Timestamp;
  since: string;
  sessions: number;
}

/** One row: the events with id <= rolledThrough are in the rollups (issue 32). */
export interface AnalyticsRollupStateTable {
  id: Generated<boolean>;
  rolledThrough: Generated<number>;
  rolledAt: Timestamp | null;
}

export interface EmailOutboxTable {
  id: Generated<string>;
  stream: EmailStream;
  templateId: string;
  toEmail: string;
  subject: string;
  /** Null until rendered: a public signup stores `templateData` and the worker renders it. */
  htmlBody: string | null;
  textBody: string | null;
  templateData: ColumnType<EmailTemplateInput | null, string | null | undefined, string | null>;
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lockedUntil: Date | null;
  lastError: string | null;
  providerMessageId: string | null;
  createdAt: CreatedAt;
  sentAt: Date | null;
  /** Extra mail headers, e.g. List-Unsubscribe on broadcast mail. */
  headers: ColumnType<EmailHeader[], string | undefined, string>;
  /** The current claim of a worker; guards its updates. */
  leaseToken: string | null;
  /** The last attempt may have reached the provider: look it up before sending again. */
  deliveryUncertain: Generated<boolean>;
  deliveryState: DeliveryState | null;
  /** The bounce description or complaint, from Postmark. */
  deliveryDetail: string | null;
  deliveryEventAt: Date | null;
  /** The bulk send (dry run, then confirmed) this message belongs to. */
  bulkSendId: string | null;
  /**
   * The single-use link tokens the bodies and template data hold only as
   * placeholders, sealed (AES-256-GCM); cleared once the message is sent.
   */
  linkSecrets: string | null;
}

export interface BulkSkip {
  id: string;
  name: string;
  email: string;
  reason: BulkSkipReason;
}

export interface BulkSendRunsTable {
  id: Generated<string>;
  templateId: string;
  content: ColumnType<Record<string, string>, string | undefined, string>;
  recipientIds: string[];
  skipped: ColumnType<BulkSkip[], string | undefined, string>;
  sendAt: Date | null;
  createdBy: string | null;
  createdAt: CreatedAt;
  expiresAt: Date;
  confirmedAt: Date | null;
}

/** Issue 32: a bulk action on waitlist entries (see migration 026). */
export interface WaitlistBulkRunsTable {
  id: Generated<string>;
  action: WaitlistBulkAction;
  /** The selection as sent: `{ ids }` or `{ filter: { search, state } }`. */
  selection: ColumnType<Record<string, unknown>, string, string>;
  /** Who asked (an AuditActor): each person's audit entry names them. */
  actor: ColumnType<Record<string, unknown>, string, string>;
  createdBy: string | null;
  state: Generated<BulkRunState>;
  total: Generated<number>;
  done: Generated<number>;
  skipped: Generated<number>;
  failed: Generated<number>;
  leaseUntil: Date | null;
  createdAt: CreatedAt;
  finishedAt: Date | null;
}

/**
 * Issue 34: one CSV import (migration 030): the uploaded file's header, the
 * mapping of its columns to fields, its progress and counts. The file's bytes are
 * in waitlist_import_chunks until the import finishes.
 */
export interface WaitlistImportRunsTable {
  id: Generated<string>;
  fileName: string;
  bytes: Generated<string>;
  header: ColumnType<string[], string | undefined, string>;
  /** Field name to column index (a WaitlistImportMapping), set by the dry run. */
  mapping: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  /** Confirm the rows without a "confirmed at" value (else they are sent the confirmation mail). */
  confirmAll: Generated<boolean>;
  /** Who asked (an AuditActor). */
  actor: ColumnType<Record<string, unknown>, string, string>;
  createdBy: string | null;
  state: Generated<WaitlistImportState>;
  totalRows: number | null;
  processedRows: Generated<number>;
  imported: Generated<number>;
  mailsQueued: Generated<number>;
  /** Rows passed over, by problem. */
  problems: ColumnType<Record<string, number>, string | undefined, string>;
  error: string | null;
  leaseUntil: Date | null;
  createdAt: CreatedAt;
  startedAt: Date | null;
  finishedAt: Date | null;
  undoneAt: Date | null;
}

/** A piece (about 1 MB) of an import's uploaded file, in order. */
export interface WaitlistImportChunksTable {
  runId: string;
  ordinal: number;
  data: Buffer;
}

/** One person of a bulk run, in the order the run takes them; its outcome once acted on. */
export interface WaitlistBulkRunItemsTable {
  runId: string;
  ordinal: number;
  entryId: string;
  outcome: 'done' | 'skipped' | 'failed' | null;
  reason: string | null;
}

export interface EmailEventsTable {
  id: Generated<string>;
  /** RecordType:ID:time: Postmark retries a webhook; the same event is stored once. */
  dedupeKey: string;
  outboxId: string | null;
  providerMessageId: string | null;
  recordType: string;
  email: string | null;
  stream: EmailStream | null;
  occurredAt: Date;
  detail: string | null;
  payload: ColumnType<Record<string, unknown>, string, string>;
  receivedAt: CreatedAt;
}

/** What a deferred message is rendered from (the template's data, already including links). */
export type EmailTemplateInput = Record<string, string | undefined>;

export interface EmailHeader {
  name: string;
  value: string;
}

/** An address that gets no more mail on one stream. */
export interface EmailSuppressionsTable {
  email: string;
  stream: Generated<EmailStream>;
  reason: string;
  origin: Generated<SuppressionOrigin>;
  detail: string | null;
  createdAt: CreatedAt;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  userTotp: UserTotpTable;
  userRecoveryCodes: UserRecoveryCodesTable;
  passkeys: PasskeysTable;
  sessions: SessionsTable;
  blogPosts: BlogPostsTable;
  blogPostRevisions: BlogPostRevisionsTable;
  blogPostPendingRevisions: BlogPostPendingRevisionsTable;
  blogPostRedirects: BlogPostRedirectsTable;
  idempotencyKeys: IdempotencyKeysTable;
  postPreviewLinks: PostPreviewLinksTable;
  savedViews: SavedViewsTable;
  postImages: PostImagesTable;
  postImageVariants: PostImageVariantsTable;
  waitlistEntries: WaitlistEntriesTable;
  waitlistStats: WaitlistStatsTable;
  waitlistSourceCounts: WaitlistSourceCountsTable;
  waitlistQueueBuckets: WaitlistQueueBucketsTable;
  waitlistQueueSettings: WaitlistQueueSettingsTable;
  contactMessages: ContactMessagesTable;
  betaParticipants: BetaParticipantsTable;
  betaFeedbackResponses: BetaFeedbackResponsesTable;
  betaFeedbackProgress: BetaFeedbackProgressTable;
  apiKeys: ApiKeysTable;
  analyticsEvents: AnalyticsEventsTable;
  analyticsRollups: AnalyticsRollupsTable;
  analyticsDailyRollups: AnalyticsDailyRollupsTable;
  analyticsSessionHours: AnalyticsSessionHoursTable;
  analyticsDistinctRollups: AnalyticsDistinctRollupsTable;
  analyticsRollupState: AnalyticsRollupStateTable;
  emailOutbox: EmailOutboxTable;
  emailSuppressions: EmailSuppressionsTable;
  emailEvents: EmailEventsTable;
  bulkSendRuns: BulkSendRunsTable;
  waitlistBulkRuns: WaitlistBulkRunsTable;
  waitlistBulkRunItems: WaitlistBulkRunItemsTable;
  waitlistImportRuns: WaitlistImportRunsTable;
  waitlistImportChunks: WaitlistImportChunksTable;
  accountTokens: AccountTokensTable;
  loginThrottle: LoginThrottleTable;
  auditLog: AuditLogTable;
  inviteCodes: InviteCodesTable;
  inviteCodeRedemptions: InviteCodeRedemptionsTable;
  appSettings: AppSettingsTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookEvents: WebhookEventsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  webhookAttempts: WebhookAttemptsTable;
}

export type User = Selectable<UsersTable>;
export type NewWaitlistEntry = Insertable<WaitlistEntriesTable>;
export type WaitlistEntryRow = Selectable<WaitlistEntriesTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
export type ContactMessageUpdate = Updateable<ContactMessagesTable>;
export type BetaParticipantRow = Selectable<BetaParticipantsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type EmailOutboxRow = Selectable<EmailOutboxTable>;
export type NewEmailOutboxRow = Insertable<EmailOutboxTable>;
