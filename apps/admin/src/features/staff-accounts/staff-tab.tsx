import type { StaffAccount } from '@repo/api-client';
import { Button, Card, CardContent } from '@repo/ui';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { useSortedTable } from '@/components/use-sorted-table';
import { SectionHeader } from '@/components/section-header';
import { ChangeRoleDialog } from '@/features/roles/change-role-dialog';
import { DeletePendingAccountDialog } from './delete-pending-account-dialog';
import { DisableAccountDialog } from './disable-account-dialog';
import { InviteStaffDialog } from './invite-staff-dialog';
import { ResetTwoFactorDialog } from './reset-two-factor-dialog';
import { SessionsDialog } from './sessions-dialog';
import { type StaffAction, staffColumns } from './staff-columns';
import { OpenInvitations } from './open-invitations';
import { TwoFactorPolicyEditor } from './two-factor-policy';
import { SsoOnlySetting } from './sso-only-setting';
import { useActingOn } from './use-acting-on';
import {
  useAccountStatusChange,
  useDeletePendingAccount,
  useStaffAccounts,
} from './use-staff-accounts';

/** Staff accounts: who can sign in to the console, where they are signed in (issue 8). */
export function StaffTab() {
  const accounts = useStaffAccounts();
  const statusChange = useAccountStatusChange();
  const [inviting, setInviting] = useState(false);
  const [viewingSessions, setViewingSessions] = useState<StaffAccount | null>(null);
  const [disabling, setDisabling] = useState<StaffAccount | null>(null);
  const [deleting, setDeleting] = useState<StaffAccount | null>(null);
  const { mutate: deletePending } = useDeletePendingAccount();
  const [changingRole, setChangingRole] = useState<StaffAccount | null>(null);
  const [resetting, setResetting] = useState<StaffAccount | null>(null);
  const { mutate: changeStatus } = statusChange;
  const { isOwner } = useActingOn();

  const columns = useMemo(
    () =>
      staffColumns(({ kind, account }: StaffAction) => {
        if (kind === 'sessions') setViewingSessions(account);
        else if (kind === 'disable') setDisabling(account);
        else if (kind === 'delete') setDeleting(account);
        else if (kind === 'role') setChangingRole(account);
        else if (kind === 'reset_two_factor') setResetting(account);
        else changeStatus({ account, kind: 'enable' });
      }),
    [changeStatus],
  );
  const table = useSortedTable(accounts.data?.accounts, columns, { id: 'createdAt', desc: false });

  return (
    <Card>
      <SectionHeader
        title="Staff"
        description="Accounts that can sign in to this console. New accounts stay pending until their owner confirms the emailed link."
        actions={<Button onClick={() => setInviting(true)}>Invite staff</Button>}
      />
      <CardContent className="grid grid-cols-1 gap-4">
        {/* Issue 31: the policy binds every account, Owners too: it is the Owners'. */}
        {isOwner ? <TwoFactorPolicyEditor /> : null}
        {/* Issue 35: SSO only binds every account too: the Owners' as well. */}
        {isOwner ? <SsoOnlySetting /> : null}
        <DataTable
          table={table}
          caption="Staff accounts"
          isLoading={accounts.isPending}
          error={accounts.error}
          onRetry={() => void accounts.refetch()}
          emptyMessage="No staff accounts yet."
          skeletonRows={3}
        />
        <OpenInvitations />
      </CardContent>
      <InviteStaffDialog open={inviting} onOpenChange={setInviting} />
      <ChangeRoleDialog account={changingRole} onClose={() => setChangingRole(null)} />
      <SessionsDialog account={viewingSessions} onClose={() => setViewingSessions(null)} />
      <ResetTwoFactorDialog account={resetting} onClose={() => setResetting(null)} />
      <DeletePendingAccountDialog
        account={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={(account) => {
          setDeleting(null);
          deletePending(account);
        }}
      />
      <DisableAccountDialog
        account={disabling}
        onCancel={() => setDisabling(null)}
        onConfirm={(account) => {
          setDisabling(null);
          changeStatus({ account, kind: 'disable' });
        }}
      />
    </Card>
  );
}
