import { LazyToaster } from '@repo/ui';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { SessionProvider } from '@/features/auth/session-context';
import { createQueryClient } from '@/lib/query-client';

// Each page is its own download (issue 13): signing in does not fetch the console,
// and the console does not fetch the sign-in forms (and zod) again.
const AuthPage = lazy(() =>
  import('@/features/auth/auth-page').then((module) => ({ default: module.AuthPage })),
);
const VerifyEmailPage = lazy(() =>
  import('@/features/auth/verify-email-page').then((module) => ({
    default: module.VerifyEmailPage,
  })),
);
const AcceptInvitePage = lazy(() =>
  import('@/features/auth/accept-invite-page').then((module) => ({
    default: module.AcceptInvitePage,
  })),
);
const AdminPage = lazy(() =>
  import('@/features/dashboard/admin-page').then((module) => ({ default: module.AdminPage })),
);

const SecurityPage = lazy(() =>
  import('@/features/account-security/security-page').then((module) => ({
    default: module.SecurityPage,
  })),
);

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner label="Loading" />}>
      <Routes>
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/accept-invite" element={<AcceptInvitePage />} />
        {/* The console's sections are its own routes, under /admin (issue 20). */}
        <Route path="/admin/*" element={<AdminPage />} />
        <Route path="/security" element={<SecurityPage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </Suspense>
  );
}

/** Providers shared by the app and the component tests. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      <LazyToaster />
    </QueryClientProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
