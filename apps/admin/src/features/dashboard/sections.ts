import type { Permission } from '@repo/validation';
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

// Each section is its own download, fetched when it first opens (issue 13); the charts
// library, the largest dependency, comes only with the Analytics section.
const WaitlistTab = lazy(() =>
  import('@/features/waitlist/waitlist-tab').then((module) => ({ default: module.WaitlistTab })),
);
const BetaTab = lazy(() =>
  import('@/features/beta/beta-tab').then((module) => ({ default: module.BetaTab })),
);
const InviteCodesTab = lazy(() =>
  import('@/features/invite-codes/invite-codes-tab').then((module) => ({
    default: module.InviteCodesTab,
  })),
);
const ContactsTab = lazy(() =>
  import('@/features/contacts/contacts-tab').then((module) => ({ default: module.ContactsTab })),
);
const EmailTemplatesTab = lazy(() =>
  import('@/features/email-templates/email-templates-tab').then((module) => ({
    default: module.EmailTemplatesTab,
  })),
);
const OutboxTable = lazy(() =>
  import('@/features/email-outbox/outbox-table').then((module) => ({
    default: module.OutboxTable,
  })),
);
const SuppressionsTable = lazy(() =>
  import('@/features/suppressions/suppressions-table').then((module) => ({
    default: module.SuppressionsTable,
  })),
);
const AnalyticsTab = lazy(() =>
  import('@/features/analytics/analytics-tab').then((module) => ({ default: module.AnalyticsTab })),
);
const SurveyInsightView = lazy(() =>
  import('@/features/survey/survey-insight-view').then((module) => ({
    default: module.SurveyInsightView,
  })),
);
const StaffTab = lazy(() =>
  import('@/features/staff-accounts/staff-tab').then((module) => ({ default: module.StaffTab })),
);
const RolesTab = lazy(() =>
  import('@/features/roles/roles-tab').then((module) => ({ default: module.RolesTab })),
);
const ApiKeysTab = lazy(() =>
  import('@/features/api-keys/api-keys-tab').then((module) => ({ default: module.ApiKeysTab })),
);
const IntegrationsPage = lazy(() =>
  import('@/features/integrations/integrations-page').then((module) => ({
    default: module.IntegrationsPage,
  })),
);
const AuditTab = lazy(() =>
  import('@/features/audit-log/audit-tab').then((module) => ({ default: module.AuditTab })),
);

const PostsTab = lazy(() =>
  import('@/features/posts/posts-tab').then((module) => ({ default: module.PostsTab })),
);

export const SECTION_GROUPS = ['People', 'Content', 'Email', 'Insight', 'Settings'] as const;

export interface Section {
  /** Its address under /admin. */
  path: string;
  label: string;
  group: (typeof SECTION_GROUPS)[number];
  /** Shown only to a role that holds it (issue 19). */
  permission: Permission;
  content: LazyExoticComponent<ComponentType>;
}

/** The console's sections, each at an address of its own (issue 20), in the sidebar's order. */
const SECTIONS: readonly Section[] = [
  {
    path: 'waitlist',
    label: 'Waitlist',
    group: 'People',
    permission: 'waitlist:read',
    content: WaitlistTab,
  },
  { path: 'beta', label: 'Beta', group: 'People', permission: 'beta:read', content: BetaTab },
  {
    path: 'invite-codes',
    label: 'Invite codes',
    group: 'People',
    permission: 'invite_codes:read',
    content: InviteCodesTab,
  },
  {
    path: 'contacts',
    label: 'Contacts',
    group: 'People',
    permission: 'contacts:read',
    content: ContactsTab,
  },
  {
    path: 'posts',
    label: 'Posts',
    group: 'Content',
    permission: 'posts:read',
    content: PostsTab,
  },
  {
    path: 'email/templates',
    label: 'Templates',
    group: 'Email',
    permission: 'email:read',
    content: EmailTemplatesTab,
  },
  {
    path: 'email/outbox',
    label: 'Outbox',
    group: 'Email',
    permission: 'email:read',
    content: OutboxTable,
  },
  // Reading and changing the suppression list both need email:suppressions.
  {
    path: 'email/suppressions',
    label: 'Suppressions',
    group: 'Email',
    permission: 'email:suppressions',
    content: SuppressionsTable,
  },
  {
    path: 'analytics',
    label: 'Analytics',
    group: 'Insight',
    permission: 'analytics:read',
    content: AnalyticsTab,
  },
  {
    path: 'survey',
    label: 'Survey',
    group: 'Insight',
    permission: 'feedback:read',
    content: SurveyInsightView,
  },
  {
    path: 'staff',
    label: 'Staff',
    group: 'Settings',
    permission: 'staff:manage',
    content: StaffTab,
  },
  {
    path: 'roles',
    label: 'Roles',
    group: 'Settings',
    permission: 'staff:manage',
    content: RolesTab,
  },
  {
    path: 'api-keys',
    label: 'API Keys',
    group: 'Settings',
    permission: 'keys:manage',
    content: ApiKeysTab,
  },
  // Issue 34: webhook and Slack endpoints, and their delivery logs (integrations/:id).
  {
    path: 'integrations',
    label: 'Integrations',
    group: 'Settings',
    permission: 'webhooks:manage',
    content: IntegrationsPage,
  },
  {
    path: 'audit-log',
    label: 'Audit log',
    group: 'Settings',
    permission: 'audit:read',
    content: AuditTab,
  },
];

/** The sections a role may read, in order. */
export function sectionsFor(permissions: readonly Permission[]): Section[] {
  return SECTIONS.filter((section) => permissions.includes(section.permission));
}

/** Where a tab of the old `/admin?tab=` addresses lives now, where the path differs. */
const MOVED_TABS: Record<string, string> = { email: 'email/templates', audit: 'audit-log' };

/**
 * The address an old link (`/admin?tab=analytics&view=survey&days=7`, before issue
 * 20) names today, with the rest of its query string; undefined without `tab`.
 */
export function addressOfOldLink(search: URLSearchParams): string | undefined {
  const tab = search.get('tab');
  if (tab === null) return undefined;
  const rest = new URLSearchParams(search);
  rest.delete('tab');
  rest.delete('view');
  const path =
    tab === 'analytics' && search.get('view') === 'survey' ? 'survey' : (MOVED_TABS[tab] ?? tab);
  // A tab that never was opens the console's first section.
  if (!SECTIONS.some((section) => section.path === path)) return '/admin';
  const query = rest.toString();
  return `/admin/${path}${query ? `?${query}` : ''}`;
}
