import { pathWithParams } from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@repo/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EmailFrame } from '@/components/email-frame';
import {
  BETA_INVITATION_TEMPLATE_ID,
  templatePreviewPath,
  WAITLIST_UPDATE_TEMPLATE_ID,
} from '@/lib/email-templates';
import { fetchHtml } from '@/lib/fetch-html';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { api } from '@/lib/api';
import { QUERY_PATHS } from '@/lib/query-paths';
import type { WaitlistAction } from './waitlist-columns';

const COPY = {
  approve: {
    title: 'Approve for Beta',
    templateId: BETA_INVITATION_TEMPLATE_ID,
    confirm: 'Approve and send invitation',
    sending: 'Sending...',
    send: (waitlistEntryId: string) => api.admin.beta.approve(waitlistEntryId),
    success: TOAST.betaInvitationSent,
    failure: TOAST.approvalFailed,
  },
  update: {
    title: 'Send waitlist update',
    templateId: WAITLIST_UPDATE_TEMPLATE_ID,
    confirm: "Send 'Hang Tight' email",
    sending: 'Sending...',
    send: (waitlistEntryId: string) => api.admin.beta.sendWaitlistUpdate(waitlistEntryId),
    success: TOAST.updateEmailSent,
    failure: TOAST.emailFailed,
  },
} as const;

/**
 * Spec section 4: approval and the 'Hang Tight' update both show the email
 * (rendered for this entry) before anything is sent.
 */
export function WaitlistEmailDialog({
  action,
  onClose,
}: {
  action: WaitlistAction | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const copy = action ? COPY[action.kind] : null;
  const entry = action?.entry;
  const previewPath =
    copy && entry
      ? pathWithParams(templatePreviewPath(copy.templateId), { waitlistEntryId: entry.id })
      : '';

  const preview = useQuery({
    queryKey: ['email-preview', previewPath],
    queryFn: () => fetchHtml(previewPath),
    enabled: Boolean(previewPath),
    // A preview is cheap and must reflect the entry as it is now.
    staleTime: 0,
    gcTime: 0,
  });

  const send = useMutation({
    mutationFn: (current: WaitlistAction) => COPY[current.kind].send(current.entry.id),
    onSuccess: (_data, current) => {
      const { entry: sent } = current;
      notifySuccess(
        COPY[current.kind].success,
        current.kind === 'approve'
          ? `${sent.firstName} ${sent.lastName} was added to the beta and invited.`
          : `The update is on its way to ${sent.email}.`,
      );
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.outbox] });
      if (current.kind === 'approve') {
        void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.waitlist] });
        void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.participants] });
      }
      onClose();
    },
    onError: (error, current) => notifyFailure(COPY[current.kind].failure, error),
  });

  return (
    <Dialog open={Boolean(action)} onOpenChange={(open) => !open && !send.isPending && onClose()}>
      <DialogContent className="max-w-3xl">
        {action && copy && entry ? (
          <>
            <DialogHeader>
              <DialogTitle>{copy.title}</DialogTitle>
              <DialogDescription>
                Preview of the email to {entry.firstName} {entry.lastName} ({entry.email}). Nothing
                is sent until you confirm.
              </DialogDescription>
            </DialogHeader>
            <EmailFrame
              title={`${copy.title} email preview`}
              html={preview.data}
              isLoading={preview.isPending}
              error={preview.error}
            />
            <DialogFooter>
              <Button variant="outline" onClick={onClose} disabled={send.isPending}>
                Cancel
              </Button>
              <Button
                onClick={() => send.mutate({ kind: action.kind, entry })}
                disabled={send.isPending || preview.isPending}
              >
                {send.isPending ? copy.sending : copy.confirm}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
