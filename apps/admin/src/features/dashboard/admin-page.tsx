import { Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@repo/ui';
import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { StaffExclusionFrame } from '@/features/analytics/staff-exclusion-frame';
import { useSession } from '@/features/auth/session-context';
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
const AnalyticsTab = lazy(() =>
  import('@/features/analytics/analytics-tab').then((module) => ({ default: module.AnalyticsTab })),
);

const TABS = [
  { value: 'waitlist', label: 'Waitlist', content: WaitlistTab },
  { value: 'beta', label: 'Beta', content: BetaTab },
  { value: 'invite-codes', label: 'Invite codes', content: InviteCodesTab },
  { value: 'contacts', label: 'Contacts', content: ContactsTab },
  { value: 'email', label: 'Email', content: EmailTab },
  { value: 'api-keys', label: 'API Keys', content: ApiKeysTab },
  { value: 'staff', label: 'Staff', content: StaffTab },
  { value: 'audit', label: 'Audit log', content: AuditTab },
  { value: 'analytics', label: 'Analytics', content: AnalyticsTab },
] as const;

type TabValue = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TabValue {
  return TABS.some((tab) => tab.value === value);
}

/** The protected console (spec section 2, Admin). */
export function AdminPage() {
  const { user, isLoading } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'waitlist';

  if (isLoading) return <FullPageSpinner label="Loading session" />;
  if (!user) return <Navigate to="/auth" replace />;

  return (
    <div className="min-h-screen bg-muted/40">
      <AdminHeader />
      {/* Issue 12: a signed-in browser is kept out of the site's analytics. */}
      <StaffExclusionFrame />
      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-6">
        <h1 className="sr-only">Admin console</h1>
        <StatCards />
        <Tabs
          value={tab}
          onValueChange={(value) =>
            // The tab lives in the address so a reload or a shared link opens it again.
            setSearchParams(value === 'waitlist' ? {} : { tab: value }, { replace: true })
          }
        >
          <div className="overflow-x-auto pb-1">
            <TabsList aria-label="Admin sections">
              {TABS.map(({ value, label }) => (
                <TabsTrigger key={value} value={value} className="px-4">
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          {TABS.map(({ value, content: Content }) => (
            <TabsContent key={value} value={value}>
              <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                <Content />
              </Suspense>
            </TabsContent>
          ))}
        </Tabs>
      </main>
    </div>
  );
}
