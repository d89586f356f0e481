/**
 * The API's request and response shapes: the contract shared by the API, the
 * marketing site and the admin console. Dates travel as ISO 8601 strings.
 */

export interface ErrorBody {
  message: string;
  type?: string;
  /** Field issues; `path` names the field (some answers name it `field`). */
  issues?: { path: string; field?: string; message: string }[];
}

export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** YYYY-MM-DD */
  date: string;
  category: string;
  tags: string[];
  readingTime: number;
  author: string;
  authorEmail?: string;
  authorBio?: string;
  content?: string;
  featuredImage?: string;
}

/** A post as GET /api/posts lists it: everything a listing shows, without the text. */
export type BlogPostSummary = Omit<BlogPost, 'content' | 'authorBio'>;

export type AccountStatus = 'pending' | 'active' | 'disabled';

export interface User {
  id: string;
  username: string;
  email: string;
  name: string;
  status?: AccountStatus;
}

/** A plain confirmation: `{ message }`. */
export interface MessageResponse {
  message: string;
}

/** GET /api/setup-status: true while no account exists (the first one needs the setup token). */
export interface SetupStatus {
  needsSetup: boolean;
}

/** POST /api/register body; `setupToken` only for the first account. */
export interface RegisterRequest {
  username: string;
  email: string;
  name: string;
  password: string;
  setupToken?: string;
}

/** POST /api/register after the first account: no session until the emailed link is opened. */
export interface PendingRegistration {
  status: 'pending';
  message: string;
}
export type RegisterResponse = User | PendingRegistration;

/** GET /api/invite?token= */
export interface InviteDetails {
  email: string;
}

/** POST /api/accept-invite body (answers with the user and a session). */
export interface AcceptInviteRequest {
  token: string;
  username: string;
  name: string;
  password: string;
}

/** GET /api/admin/accounts -> { accounts } */
export interface StaffAccount {
  id: string;
  username: string;
  email: string;
  name: string;
  status: AccountStatus;
  createdAt: string;
  emailVerifiedAt: string | null;
  disabledAt: string | null;
  activeSessions: number;
}

/** GET /api/admin/accounts/:id/sessions -> { sessions } */
export interface StaffSession {
  id: string;
  createdAt: string;
  lastSeenAt: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The session making the request. */
  current: boolean;
}

/** GET /api/admin/audit-log?page=&pageSize=&action= */
export interface AuditLogEntry {
  id: string;
  /** A username, 'API key <id>' or 'anonymous'. */
  actorLabel: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** Ids and counts only, never personal data. */
  details: Record<string, unknown>;
  ip: string | null;
  createdAt: string;
}
export interface AuditLogPage {
  entries: AuditLogEntry[];
  total: number;
}

/** GET /api/admin/feedback?page=&pageSize=&search= */
export interface FeedbackResponseSummary {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  recommendationLikelihood: string | null;
  overallSatisfaction: string | null;
}
export interface FeedbackResponsePage {
  responses: FeedbackResponseSummary[];
  total: number;
}

/** POST /api/admin/erasure { email }: what was deleted for good, per kind. */
export interface ErasureResult {
  deleted: {
    waitlistEntries: number;
    contactMessages: number;
    feedbackResponses: number;
    participants: number;
    emails: number;
    analyticsEvents: number;
  };
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type SortOrder = 'asc' | 'desc';

/** GET /api/admin/waitlist?page=&pageSize=&sortBy=&sortOrder=&search= */
export interface WaitlistEntry {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string | null;
  monthlyContentVolume: string | null;
  biggestChallenge: string | null;
  primaryUse: string;
  userType: string | null;
  contentWorkflow: string | null;
  createdAt: string;
  /** Set once the entry was approved for the beta. */
  participantId: string | null;
}
export type WaitlistSortField = 'createdAt' | 'email' | 'firstName' | 'lastName' | 'companyName';

/** GET /api/admin/beta/participants */
export interface BetaParticipant {
  id: string;
  waitlistEntryId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  status: 'active' | 'inactive' | (string & {});
  invitedAt: string;
  lastActiveAt: string | null;
}
export interface BetaParticipantList {
  participants: BetaParticipant[];
  cap: number;
}

/** GET /api/admin/contacts?page=&pageSize=&status= */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  company: string | null;
  subject: string;
  message: string;
  status: 'new' | 'read' | 'replied';
  createdAt: string;
}

/** GET /api/admin/api-keys -> { apiKeys } */
export interface ApiKey {
  id: string;
  name: string;
  environment: 'live' | 'test';
  keyId: string;
  /** First 12 characters, 20 asterisks, last 4. */
  maskedKey: string;
  lastUsed: string | null;
  createdAt: string;
  isActive: boolean;
}
/** POST /api/admin/api-keys: the only time the full key is returned. */
export interface CreatedApiKey {
  apiKey: ApiKey;
  keyId: string;
  formattedKey: string;
}

/** GET /api/admin/email/templates -> { templates } */
export interface EmailTemplate {
  id: string;
  name: string;
  description: string;
  category: string;
}

export type EmailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'captured' | 'held';
/** What Postmark reported after sending (webhook events); the worst one wins. */
export type DeliveryState = 'delivered' | 'bounced' | 'complained';

/** GET /api/admin/email/outbox?page=&pageSize=&status= */
export interface OutboxMessage {
  id: string;
  templateId: string;
  toEmail: string;
  subject: string;
  stream: 'outbound' | 'broadcast';
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
  deliveryState: DeliveryState | null;
  /** Postmark's bounce description or complaint. */
  deliveryDetail: string | null;
  deliveryEventAt: string | null;
}
/** GET /api/admin/email/outbox/:id */
export interface OutboxMessageDetail extends OutboxMessage {
  htmlBody: string;
  textBody: string;
  /** Postmark's events for this message, oldest first. */
  events: EmailEvent[];
}

export interface EmailEvent {
  recordType: string;
  occurredAt: string;
  detail: string | null;
}

export type SuppressionOrigin =
  'unsubscribe' | 'hard_bounce' | 'spam_complaint' | 'manual' | 'postmark' | 'import';

/** GET /api/admin/email/suppressions?page=&pageSize=&search=&stream= */
export interface Suppression {
  email: string;
  stream: 'outbound' | 'broadcast';
  reason: string;
  origin: SuppressionOrigin;
  detail: string | null;
  createdAt: string;
}

/** A dashboard period: calendar days (UTC) `firstDay`..`lastDay`, from `from` until `to` (exclusive; now at most). */
export interface DashboardPeriodRange {
  from: string;
  to: string;
  days: number;
  firstDay: string;
  lastDay: string;
}

/** The headline figures of one period (issue 12), compared with the previous period. */
export interface DashboardFigures {
  pageViews: number;
  /** Distinct sessions with a page view. */
  visitors: number;
  waitlistSignups: number;
  contactSubmissions: number;
  featureEngagement: number;
  feedbackResponses: number;
}

/** GET /api/analytics/dashboard?days= | ?from=&to= */
export interface AnalyticsDashboard {
  /** All-time totals (the stat cards); everything below follows `period`. */
  waitlistSignups: number;
  contactSubmissions: number;
  featureEngagement: number;
  period: DashboardPeriodRange;
  pageViewsPerDay: { date: string; views: number }[];
  topPages: { path: string; views: number }[];
  topReferrers: { referrer: string; visits: number }[];
  /** Sessions that completed each of the 7 waitlist steps. */
  waitlistFunnel: { stepNumber: number; stepName: string; sessions: number }[];
  feedback: {
    responses: number;
    /** field -> answer -> count, for every rated survey field. */
    distributions: Record<string, Record<string, number>>;
    /** Share of very_likely minus share of not_at_all_likely + unlikely ('not sure' abstains). */
    recommendationScore: number | null;
  };
  /** The period's figures beside those of the previous period of the same length. */
  comparison: {
    previousPeriod: DashboardPeriodRange;
    current: DashboardFigures;
    previous: DashboardFigures;
  };
}

/** GET /api/beta-feedback/progress?key= : the survey to resume, or null (none, completed or expired). */
export interface SurveyProgressAnswer {
  progress: {
    step: number;
    answers: Record<string, string>;
    savedAt: string;
    resumableUntil: string;
  } | null;
}

/** PUT /api/beta-feedback/progress */
export interface SurveyProgressSaved {
  saved: true;
  resumableUntil: string;
}

/** GET /api/admin/feedback/insight: completion, drop-off and the answers to rated questions. */
export interface SurveyInsight {
  funnel: {
    /** Surveys opened (a partial response was created). */
    started: number;
    completed: number;
    /** Unfinished, saved within the last 7 days: may still be resumed. */
    resumable: number;
    steps: {
      step: number;
      title: string;
      /** Surveys that got to this step (or further). */
      reached: number;
      /** Unfinished surveys whose furthest step is this one. */
      stoppedHere: number;
      /** ... of which may still be resumed. */
      resumableHere: number;
    }[];
  };
  /** Completed responses (those submitted in one go, without saved progress, included). */
  responses: number;
  distributions: Record<string, Record<string, number>>;
  recommendation: {
    score: number | null;
    opinions: number;
    counts: Record<string, number>;
  };
}

/** GET /api/admin/feedback/answers?page=&pageSize=&search=&field= : free-text answers, newest first. */
export interface SurveyTextAnswer {
  responseId: string;
  field: string;
  answer: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: string;
}
export interface SurveyTextAnswerPage {
  items: SurveyTextAnswer[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/analytics-opt-out: the site page that marks a browser as staff. */
export interface AnalyticsOptOutPage {
  url: string;
  origin: string;
}
