import { Card, CardContent, Skeleton } from '@repo/ui';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { StaffExclusionFrame } from '@/features/analytics/staff-exclusion-frame';
import { useSession } from '@/features/auth/session-context';
import { useCan, usePermissions } from '@/lib/permissions';
import { AdminHeader } from './admin-header';
import { AdminNav } from './admin-nav';
import { addressOfOldLink, type Section, sectionsFor } from './sections';
import { StatCards } from './stat-cards';

const PersonPage = lazy(() =>
  import('@/features/people/person-page').then((module) => ({ default: module.PersonPage })),
);

const PostEditorPage = lazy(() =>
  import('@/features/posts/post-editor-page').then((module) => ({
    default: module.PostEditorPage,
  })),
);

const DeliveryLogPage = lazy(() =>
  import('@/features/integrations/delivery-log-page').then((module) => ({
    default: module.DeliveryLogPage,
  })),
);

const NAV_ID = 'admin-nav';

function NoSection() {
  return (
    <Card>
      <CardContent className="p-6 text-sm text-muted-foreground">
        Your role gives you no section of the console to read. Ask an Owner for the access your work
        needs.
      </CardContent>
    </Card>
  );
}

/**
 * /admin itself: an old `/admin?tab=` link goes to the section's own address, and
 * anything else to the first section the role may read.
 */
function ConsoleHome({ first }: { first: Section | undefined }) {
  const [search] = useSearchParams();
  const old = addressOfOldLink(search);
  if (old) return <Navigate to={old} replace />;
  return first ? <Navigate to={`/admin/${first.path}`} replace /> : <NoSection />;
}

/**
 * The protected console (spec section 2, Admin), each section at an address of
 * its own (issue 20): a section the role cannot read (an old link, a changed role)
 * opens the first one it can.
 */
export function AdminPage() {
  const { user, isLoading } = useSession();
  const permissions = usePermissions();
  const canReadPeople = useCan('people:read');
  const canReadPosts = useCan('posts:read');
  const canWritePosts = useCan('posts:write');
  const canManageWebhooks = useCan('webhooks:manage');
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The small screen's menu closes once it has taken the reader somewhere (a link
  // of its own, even to the section already open, or back and forward), not when a
  // list writes its filter or page into the address.
  const [menuAt, setMenuAt] = useState(pathname);
  if (menuAt !== pathname) {
    setMenuAt(pathname);
    setMenuOpen(false);
  }

  if (isLoading) return <FullPageSpinner label="Loading session" />;
  if (!user) return <Navigate to="/auth" replace />;
  // Issue 19: an account the policy requires a second factor of sets one up first.
  if (user.mustEnrolSecondFactor) return <Navigate to="/security" replace />;

  const sections = sectionsFor(permissions);
  const fallback = <Navigate to="/admin" replace />;

  return (
    <div className="min-h-screen bg-muted/40">
      <AdminHeader
        menu={{ open: menuOpen, controls: NAV_ID, onToggle: () => setMenuOpen((open) => !open) }}
      />
      {/* Issue 12: a signed-in browser is kept out of the site's analytics. */}
      <StaffExclusionFrame />
      <div
        className="relative mx-auto flex max-w-screen-2xl"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !menuOpen) return;
          setMenuOpen(false);
          document.getElementById(`${NAV_ID}-toggle`)?.focus();
        }}
      >
        <AdminNav
          id={NAV_ID}
          sections={sections}
          open={menuOpen}
          onNavigate={() => setMenuOpen(false)}
        />
        <main className="grid min-w-0 flex-1 grid-cols-1 content-start gap-6 px-4 py-6">
          <h1 className="sr-only">Admin console</h1>
          <StatCards />
          {/* The open section (its heading an h2, as the stat cards'). */}
          <div id="section" className="grid min-w-0 grid-cols-1 gap-6">
            <Suspense fallback={<Skeleton className="h-72 w-full" />}>
              <Routes>
                <Route index element={<ConsoleHome first={sections[0]} />} />
                {sections.map(({ path, content: Content }) => (
                  <Route key={path} path={path} element={<Content />} />
                ))}
                <Route
                  path="email"
                  element={
                    <Navigate
                      to={`/admin/${sections.find((section) => section.group === 'Email')?.path ?? ''}`}
                      replace
                    />
                  }
                />
                <Route path="people/:id" element={canReadPeople ? <PersonPage /> : fallback} />
                {/* Issue 23: a new post needs posts:write; reading one, posts:read. */}
                <Route path="posts/new" element={canWritePosts ? <PostEditorPage /> : fallback} />
                <Route path="posts/:id" element={canReadPosts ? <PostEditorPage /> : fallback} />
                {/* Issue 34: one endpoint's delivery log. */}
                <Route
                  path="integrations/:id"
                  element={canManageWebhooks ? <DeliveryLogPage /> : fallback}
                />
                <Route path="*" element={fallback} />
              </Routes>
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
