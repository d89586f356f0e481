import type { StaffAccount } from '@repo/api-client';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Skeleton,
} from '@repo/ui';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { useActingOn } from './use-acting-on';
import { useAccountSessions, useEndSession } from './use-staff-accounts';

function SessionList({ account }: { account: StaffAccount }) {
  const sessions = useAccountSessions(account.id);
  const endSession = useEndSession(account.id);
  // Issue 31: ending a session acts on the account: only where its role holds nothing more.
  const mayEnd = useActingOn().mayActOnRole(account.role.id);

  if (sessions.isPending) return <Skeleton className="h-24 w-full" />;
  if (sessions.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="font-medium text-destructive">Could not load data</p>
        <p className="text-muted-foreground">{errorMessage(sessions.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const list = sessions.data.sessions;
  if (list.length === 0) {
    return <p className="text-sm text-muted-foreground">No active sessions.</p>;
  }
  return (
    <ul className="grid gap-3" aria-label={`Sessions of ${account.username}`}>
      {list.map((session) => (
        <li
          key={session.id}
          className="flex flex-wrap items-start justify-between gap-3 rounded-md border p-3 text-sm"
        >
          <div className="grid min-w-0 gap-1">
            <p className="font-medium">
              {session.ip ?? 'Unknown address'}
              {session.current ? (
                <Badge variant="secondary" className="ml-2">
                  This session
                </Badge>
              ) : null}
            </p>
            <p className="truncate text-muted-foreground" title={session.userAgent ?? undefined}>
              {session.userAgent ?? 'Unknown browser'}
            </p>
            <p className="text-muted-foreground">
              Signed in {formatDateTime(session.createdAt)}
              {session.lastSeenAt ? ` · last seen ${formatDateTime(session.lastSeenAt)}` : ''}
            </p>
          </div>
          {session.current || !mayEnd ? null : (
            // Ending the current session is signing out: the header's Logout does that.
            <Button
              size="sm"
              variant="outline"
              disabled={endSession.isPending}
              onClick={() => endSession.mutate(session)}
            >
              End session
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

export function SessionsDialog({
  account,
  onClose,
}: {
  account: StaffAccount | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={Boolean(account)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sessions{account ? ` of ${account.username}` : ''}</DialogTitle>
          <DialogDescription>
            Where this account is signed in. Ending a session signs that device out.
          </DialogDescription>
        </DialogHeader>
        {account ? <SessionList account={account} /> : null}
      </DialogContent>
    </Dialog>
  );
}
