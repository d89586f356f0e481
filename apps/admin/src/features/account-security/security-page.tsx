import { apiRoutes } from '@repo/api-client';
import { Button, Card, CardContent, Skeleton } from '@repo/ui';
import { TWO_FACTOR_MESSAGES } from '@repo/validation';
import { Link, Navigate } from 'react-router-dom';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useSession } from '@/features/auth/session-context';
import { AdminHeader } from '@/features/dashboard/admin-header';
import { useApiQuery } from '@/lib/use-api-query';
import { PasskeysSection } from './passkeys-section';
import { TotpSection } from './totp-section';

const SECURITY_TEXT = {
  title: 'Security',
  intro: 'Two-factor sign-in: after your password, a code from your phone or a passkey.',
  required: 'Two-factor sign-in is required for your account.',
  back: 'Back to the console',
} as const;

/**
 * The signed-in account's Security page (issue 19): its authenticator app and
 * recovery codes, and its passkeys. An account the policy requires a second factor
 * of, that has none yet, is sent here after its password and sees nothing else.
 */
export function SecurityPage() {
  const { user, isLoading } = useSession();
  const security = useApiQuery(apiRoutes.account.security, undefined, { enabled: Boolean(user) });

  if (isLoading) return <FullPageSpinner label="Loading session" />;
  if (!user) return <Navigate to="/auth" replace />;
  const mustEnrol = user.mustEnrolSecondFactor === true;

  return (
    <div className="min-h-screen bg-muted/40">
      <AdminHeader />
      <main className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h1 className="text-2xl font-semibold">{SECURITY_TEXT.title}</h1>
            <p className="text-sm text-muted-foreground">{SECURITY_TEXT.intro}</p>
          </div>
          {mustEnrol ? null : (
            <Button asChild variant="outline" size="sm">
              <Link to="/admin">{SECURITY_TEXT.back}</Link>
            </Button>
          )}
        </div>
        {mustEnrol ? (
          <Card role="alert">
            <CardContent className="p-4 text-sm font-medium">
              {TWO_FACTOR_MESSAGES.enrolmentRequired}
            </CardContent>
          </Card>
        ) : null}
        {security.data ? (
          <>
            <TotpSection
              enabled={security.data.totp.enabled}
              recoveryCodesLeft={security.data.recoveryCodesLeft}
            />
            <PasskeysSection passkeys={security.data.passkeys} />
          </>
        ) : (
          <Skeleton className="h-48 w-full" />
        )}
      </main>
    </div>
  );
}
