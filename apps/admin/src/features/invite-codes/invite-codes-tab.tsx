import type { InviteCode } from '@repo/api-client';
import { Button, Card, CardContent } from '@repo/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { useSortedTable } from '@/components/use-sorted-table';
import { SectionHeader } from '@/components/section-header';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';
import { Can } from '@/lib/permissions';
import { inviteCodeColumns } from './invite-code-columns';

const CreateInviteCodeDialog = lazy(() =>
  import('./create-invite-code-dialog').then((module) => ({
    default: module.CreateInviteCodeDialog,
  })),
);
const RedemptionsDialog = lazy(() =>
  import('./redemptions-dialog').then((module) => ({ default: module.RedemptionsDialog })),
);

/** Issue 11: invite codes, made here, redeemed on the site. */
export function InviteCodesTab() {
  const queryClient = useQueryClient();
  const codes = useApiQuery(QUERY_PATHS.inviteCodes);
  const [creating, setCreating] = useState(false);
  const [showing, setShowing] = useState<InviteCode | null>(null);
  const [dialogsMounted, setDialogsMounted] = useState(false);
  if (!dialogsMounted && (creating || showing !== null)) setDialogsMounted(true);

  const toggle = useMutation({
    mutationFn: (code: InviteCode) =>
      api.admin.inviteCodes.update(code.id, { disabled: code.disabledAt === null }),
    onSuccess: (updated) => {
      notifySuccess(
        TOAST.statusUpdated,
        `${updated.code} is now ${updated.state.replace('_', ' ')}.`,
      );
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.inviteCodes] });
    },
    onError: (error) => notifyFailure(TOAST.updateFailed, error),
  });
  const { mutate: toggleCode } = toggle;
  const busyId = (toggle.isPending && toggle.variables?.id) || null;

  const columns = useMemo(
    () =>
      inviteCodeColumns({
        onToggle: toggleCode,
        onShowRedemptions: setShowing,
        onCopyLink: (code) => {
          navigator.clipboard.writeText(code.link).then(
            () => notifySuccess(TOAST.copied, 'Invite link copied to clipboard'),
            () => notifyFailure(TOAST.copyFailed, TOAST.copyFailedDescription),
          );
        },
        busyId,
      }),
    [toggleCode, busyId],
  );
  const table = useSortedTable(codes.data?.items, columns, { id: 'createdAt', desc: true });

  return (
    <Card>
      <SectionHeader
        title="Invite codes"
        description="Codes that skip the waitlist queue: single-use or with a limit, optionally expiring. Share the link; disable a code to stop it."
        actions={
          <Can permission="invite_codes:manage">
            <Button onClick={() => setCreating(true)}>Create invite code</Button>
          </Can>
        }
      />
      <CardContent>
        <DataTable
          table={table}
          caption="Invite codes"
          isLoading={codes.isPending}
          error={codes.error}
          onRetry={() => void codes.refetch()}
          emptyMessage="No invite codes yet."
          skeletonRows={3}
        />
      </CardContent>
      {dialogsMounted ? (
        <Suspense fallback={null}>
          <CreateInviteCodeDialog open={creating} onOpenChange={setCreating} />
          <RedemptionsDialog code={showing} onClose={() => setShowing(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
