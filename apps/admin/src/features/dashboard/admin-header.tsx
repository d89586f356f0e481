import { Button } from '@repo/ui';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '@/features/auth/session-context';
import { TOAST } from '@/lib/messages';
import { notifyFailure } from '@/lib/notify';

export function AdminHeader() {
  const { user, logout, isLoggingOut } = useSession();
  const navigate = useNavigate();

  const onLogout = async () => {
    try {
      await logout();
      navigate('/auth', { replace: true });
    } catch (error) {
      notifyFailure(TOAST.logoutFailed, error);
    }
  };

  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 items-center justify-center rounded-md bg-primary font-bold text-primary-foreground"
          >
            W
          </span>
          <div>
            <p className="font-semibold leading-tight">Wordloom Admin</p>
            <p className="text-xs text-muted-foreground">Beta operations console</p>
          </div>
        </div>
        <div className="flex items-center gap-3">
          {user ? (
            <span className="hidden text-sm text-muted-foreground sm:inline">
              Signed in as <span className="font-medium text-foreground">{user.name}</span>
            </span>
          ) : null}
          {user ? (
            <Button asChild variant="ghost" size="sm">
              <Link to="/security">Security</Link>
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={onLogout} disabled={isLoggingOut}>
            {isLoggingOut ? 'Logging out...' : 'Logout'}
          </Button>
        </div>
      </div>
    </header>
  );
}
