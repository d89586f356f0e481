import { Card, CardContent, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@repo/ui';
import type { Permission } from '@repo/validation';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { StaffExclusionFrame } from '@/features/analytics/staff-exclusion-frame';
import { useSession } from '@/features/auth/session-context';
import { usePermissions } from '@/lib/permissions';
import { AdminHeader } from './admin-header';
import { StatCards } from './stat-cards';

// Each tab is its own download, fetched when it first opens (issue 13); the charts
// library, the largest dependency, comes only with the Analytics tab.
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
const EmailTab = lazy(() =>
  import('@/features/email/email-tab').then((module) => ({ default: module.EmailTab })),
);
const ApiKeysTab = lazy(() =>
  import('@/features/api-keys/api-keys-tab').then((module) => ({ default: module.ApiKeysTab })),
);
const StaffTab = lazy(() =>
  import('@/features/staff/staff-tab').then((module) => ({ default: module.StaffTab })),
);
const AuditTab = lazy(() =>
  import('@/features/audit/audit-tab').then((module) => ({ default: module.AuditTab })),
);
const RolesTab = lazy(() =>
  import('@/features/roles/roles-tab').then((module) => ({ default: module.RolesTab })),
);
const AnalyticsTab = lazy(() =>
  import('@/features/analytics/analytics-tab').then((module) => ({ default: module.AnalyticsTab })),
);

/**
 * The tabs, each shown only to a role that may read it (issue 19): `permission` is
 * the one it needs, or a list of which any one will do (Analytics holds the site's
 * figures and the beta survey's, each shown to the role that may read it).
 */
const TABS = [
  { value: 'waitlist', label: 'Waitlist', content: WaitlistTab, permission: 'waitlist:read' },
  { value: 'beta', label: 'Beta', content: BetaTab, permission: 'beta:read' },
  {
    value: 'invite-codes',
    label: 'Invite codes',
    content: InviteCodesTab,
    permission: 'invite_codes:read',
  },
  { value: 'contacts', label: 'Contacts', content: ContactsTab, permission: 'contacts:read' },
  { value: 'email', label: 'Email', content: EmailTab, permission: 'email:read' },
  { value: 'api-keys', label: 'API Keys', content: ApiKeysTab, permission: 'keys:manage' },
  { value: 'staff', label: 'Staff', content: StaffTab, permission: 'staff:manage' },
  { value: 'roles', label: 'Roles', content: RolesTab, permission: 'staff:manage' },
  { value: 'audit', label: 'Audit log', content: AuditTab, permission: 'audit:read' },
  {
    value: 'analytics',
    label: 'Analytics',
    content: AnalyticsTab,
    permission: ['analytics:read', 'feedback:read'],
  },
] as const satisfies readonly {
  value: string;
  label: string;
  content: ComponentType;
  permission: Permission | readonly Permission[];
}[];

type Tab = (typeof TABS)[number];
type TabValue = Tab['value'];

function allowed(tab: Tab, permissions: readonly Permission[]): boolean {
  const needed: readonly Permission[] =
    typeof tab.permission === 'string' ? [tab.permission] : tab.permission;
  return needed.some((permission) => permissions.includes(permission));
}

/** The protected console (spec section 2, Admin). */
export function AdminPage() {
  const { user, isLoading } = useSession();
  const permissions = usePermissions();
  const [searchParams, setSearchParams] = useSearchParams();

  if (isLoading) return <FullPageSpinner label="Loading session" />;
  if (!user) return <Navigate to="/auth" replace />;
  // Issue 19: an account the policy requires a second factor of sets one up first.
  if (user.mustEnrolSecondFactor) return <Navigate to="/security" replace />;

  const tabs = TABS.filter((tab) => allowed(tab, permissions));
  // A tab the role cannot read (an old link, a changed role) opens the first one it can.
  const requested = searchParams.get('tab') ?? 'waitlist';
  const tab: TabValue | undefined =
    tabs.find(({ value }) => value === requested)?.value ?? tabs[0]?.value;

  return (
    <div className="min-h-screen bg-muted/40">
      <AdminHeader />
      {/* Issue 12: a signed-in browser is kept out of the site's analytics. */}
      <StaffExclusionFrame />
      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-6">
        <h1 className="sr-only">Admin console</h1>
        <StatCards />
        {tab === undefined ? (
          <Card>
            <CardContent className="p-6 text-sm text-muted-foreground">
              Your role gives you no section of the console to read. Ask an Owner for the access
              your work needs.
            </CardContent>
          </Card>
        ) : (
          <Tabs
            value={tab}
            onValueChange={(value) =>
              // The tab lives in the address so a reload or a shared link opens it again.
              setSearchParams(value === 'waitlist' ? {} : { tab: value }, { replace: true })
            }
          >
            <div className="overflow-x-auto pb-1">
              <TabsList aria-label="Admin sections">
                {tabs.map(({ value, label }) => (
                  <TabsTrigger key={value} value={value} className="px-4">
                    {label}
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>
            {tabs.map(({ value, content: Content }) => (
              <TabsContent key={value} value={value}>
                <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                  <Content />
                </Suspense>
              </TabsContent>
            ))}
          </Tabs>
        )}
      </main>
    </div>
  );
}
