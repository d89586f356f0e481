import { apiRoutes, type StaffAccount, type StaffSession } from '@repo/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';

const sessionsPath = apiRoutes.admin.accounts.sessions;

export function useStaffAccounts() {
  return useApiQuery(QUERY_PATHS.accounts, undefined, {
    // Sessions come and go while the tab is closed: show the current state when it opens.
    refetchOnMount: 'always',
  });
}

export function useAccountSessions(accountId: string | undefined) {
  return useApiQuery(sessionsPath(accountId ?? ''), undefined, {
    enabled: Boolean(accountId),
    refetchOnMount: 'always',
  });
}

/** Disable or enable an account; either changes the list (status, sessions). */
export function useAccountStatusChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ account, kind }: { account: StaffAccount; kind: 'disable' | 'enable' }) =>
      api.admin.accounts[kind](account.id),
    onSuccess: (_result, { account, kind }) => {
      if (kind === 'disable') {
        notifySuccess(
          TOAST.accountDisabled,
          `${account.username} is signed out everywhere and cannot sign in.`,
        );
      } else {
        notifySuccess(TOAST.accountEnabled, `${account.username} can sign in again.`);
      }
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.accounts] });
      void queryClient.invalidateQueries({ queryKey: [sessionsPath(account.id)] });
      // Disabling revokes the account's open invitations (issue 31).
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.invitations] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.auditLog] });
    },
    onError: (error) => notifyFailure(TOAST.updateFailed, error),
  });
}

/** Deletes a pending account (issue 19): the API refuses any other. */
export function useDeletePendingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: StaffAccount) => api.admin.accounts.deletePending(account.id),
    onSuccess: (_result, account) => {
      notifySuccess(TOAST.deleted, `The pending registration ${account.username} is deleted.`);
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.accounts] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.auditLog] });
    },
    onError: (error) => notifyFailure(TOAST.deletionFailed, error),
  });
}

export function useEndSession(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: StaffSession) => api.admin.accounts.revokeSession(accountId, session.id),
    onSuccess: () => {
      notifySuccess(TOAST.sessionEnded, 'That device must sign in again.');
      void queryClient.invalidateQueries({ queryKey: [sessionsPath(accountId)] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.accounts] });
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.auditLog] });
    },
    onError: (error) => notifyFailure(TOAST.endSessionFailed, error),
  });
}
