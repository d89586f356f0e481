import { Button } from '@repo/ui';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@/features/auth/session-context';
import { TOAST } from '@/lib/messages';
import { notifyFailure } from '@/lib/notify';

/** The header's button that shows the sidebar on a small screen (issue 20). */
export interface MenuToggle {
  open: boolean;
  controls: string;
  onToggle: () => void;
}

/**
 * The console's header (spec section 2: with Logout). On one line at 375 px: the
 * sections and the Security page are in the sidebar, which `menu` opens there.
 */
export function AdminHeader({ menu }: { menu?: MenuToggle }) {
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
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center justify-between gap-3 px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          {menu ? (
            <Button
              id={`${menu.controls}-toggle`}
              variant="outline"
              size="sm"
              className="lg:hidden"
              aria-expanded={menu.open}
              aria-controls={menu.controls}
              onClick={menu.onToggle}
            >
              <span aria-hidden="true">{menu.open ? '✕' : '☰'}</span>
              Menu
            </Button>
          ) : null}
          <span
            aria-hidden="true"
            className="hidden h-9 w-9 sm:flex items-center justify-center rounded-md bg-primary font-bold text-primary-foreground"
          >
            W
          </span>
          <div className="min-w-0">
            <p className="whitespace-nowrap font-semibold leading-tight">Wordloom Admin</p>
            <p className="hidden text-xs text-muted-foreground sm:block">Beta operations console</p>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          {user ? (
            <span className="hidden text-sm text-muted-foreground sm:inline">
              Signed in as <span className="font-medium text-foreground">{user.name}</span>
            </span>
          ) : null}
          <Button variant="outline" size="sm" onClick={onLogout} disabled={isLoggingOut}>
            {isLoggingOut ? 'Logging out...' : 'Logout'}
          </Button>
        </div>
      </div>
    </header>
  );
}
