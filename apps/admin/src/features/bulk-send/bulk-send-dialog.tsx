import type { BetaParticipant, BulkDryRunResult, EmailTemplate } from '@repo/api-client';
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
} from '@repo/ui';
import { bulkEmailSchema, EMAIL_MESSAGES } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmailFrame } from '@/components/email-frame';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import {
  AnnouncementContent,
  type AnnouncementContentValue,
  EMPTY_CONTENT,
  withoutBlanks,
} from './announcement-content';
import { TemplatePicker } from '@/features/email-templates/template-picker';

/** The dry run's answer: exactly who a confirmation will send to. */
type BulkDryRun = BulkDryRunResult;

type SkipReason = BulkDryRun['skipped'][number]['reason'];

const SKIP_REASONS: Record<SkipReason, string> = {
  unsubscribed: 'unsubscribed',
  suppressed: 'bounced or complained',
  inactive: 'not active (deactivated, or invitation not accepted yet)',
  recently_sent: 'sent this template in the last 7 days',
  not_found: 'no longer a participant',
};

interface BulkSendDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  templates: EmailTemplate[];
  participants: BetaParticipant[];
}

/** Sends one template to chosen beta participants (spec sections 4 and 5). */
export function BulkSendDialog({
  open,
  onOpenChange,
  templates,
  participants,
}: BulkSendDialogProps) {
  const queryClient = useQueryClient();
  const [templateId, setTemplateId] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [content, setContent] = useState<AnnouncementContentValue>(EMPTY_CONTENT);
  const [sendAt, setSendAt] = useState('');
  const [preview, setPreview] = useState<BulkDryRun | null>(null);
  const isAnnouncement =
    templates.find((template) => template.id === templateId)?.category === 'announcement';

  // Step one: a dry run shows who receives the email, who is skipped and why, and a sample.
  const review = useMutation({
    mutationFn: (input: {
      templateId: string;
      recipientIds: string[];
      content?: Partial<AnnouncementContentValue>;
      sendAt?: string;
    }) => api.admin.email.bulkSendDryRun(input),
    onSuccess: (result) => setPreview(result),
    onError: (error) => notifyFailure(TOAST.bulkEmailFailed, error),
  });

  // Step two: the confirmation names the dry run, so the list sent is the list shown.
  const send = useMutation({
    mutationFn: (dryRunId: string) => api.admin.email.bulkSend({ dryRunId }),
    onSuccess: (result) => {
      const skipped = result?.skipped ? `, ${result.skipped} skipped` : '';
      const when = result?.sendAt ? ` for ${new Date(result.sendAt).toLocaleString()}` : '';
      notifySuccess(TOAST.bulkEmailSent, `${result?.queued ?? 0} queued${when}${skipped}.`);
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.outbox] });
      close();
    },
    onError: (error) => notifyFailure(TOAST.bulkEmailFailed, error),
  });

  const busy = review.isPending || send.isPending;

  function close() {
    setTemplateId('');
    setSelected(new Set());
    setContent(EMPTY_CONTENT);
    setSendAt('');
    setPreview(null);
    onOpenChange(false);
  }

  const allSelected = participants.length > 0 && selected.size === participants.length;
  const someSelected = selected.size > 0 && !allSelected;

  const toggleAll = () =>
    setSelected(
      allSelected ? new Set() : new Set(participants.map((participant) => participant.id)),
    );

  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = () => {
    const parsed = bulkEmailSchema.safeParse({
      templateId,
      recipientIds: [...selected],
      // Blank fields fall back to the announcement's default wording on the server.
      content: isAnnouncement ? withoutBlanks(content) : undefined,
    });
    if (!parsed.success) {
      notifyFailure(EMAIL_MESSAGES.selectionRequiredTitle, EMAIL_MESSAGES.selectionRequired);
      return;
    }
    review.mutate({
      ...parsed.data,
      ...(sendAt ? { sendAt: new Date(sendAt).toISOString() } : {}),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : !busy && close())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Bulk send</DialogTitle>
          <DialogDescription>
            {preview
              ? 'Check who receives it and who is skipped, then send.'
              : 'Send a template to beta participants. You review the list before anything is sent.'}
          </DialogDescription>
        </DialogHeader>
        {preview ? (
          <BulkReview
            preview={preview}
            sending={send.isPending}
            onBack={() => setPreview(null)}
            onConfirm={() => send.mutate(preview.dryRunId)}
          />
        ) : (
          <>
            <TemplatePicker
              idPrefix="bulk-template"
              templates={templates}
              value={templateId}
              onChange={setTemplateId}
            />
            {isAnnouncement ? <AnnouncementContent value={content} onChange={setContent} /> : null}
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">
                Recipients ({selected.size} of {participants.length} selected)
              </legend>
              <div className="flex items-center gap-2 border-b pb-2">
                <Checkbox
                  id="bulk-select-all"
                  checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                  onCheckedChange={toggleAll}
                  disabled={participants.length === 0}
                />
                <Label htmlFor="bulk-select-all">Select all participants</Label>
              </div>
              {participants.length === 0 ? (
                <p className="text-sm text-muted-foreground">No beta participants yet.</p>
              ) : (
                <ul className="grid max-h-56 gap-2 overflow-y-auto pr-1">
                  {participants.map((participant) => {
                    const id = `bulk-recipient-${participant.id}`;
                    return (
                      <li key={participant.id} className="flex items-center gap-2">
                        <Checkbox
                          id={id}
                          checked={selected.has(participant.id)}
                          onCheckedChange={(checked) => toggle(participant.id, checked === true)}
                        />
                        <Label htmlFor={id} className="font-normal">
                          {participant.firstName} {participant.lastName}{' '}
                          <span className="text-muted-foreground">({participant.email})</span>
                        </Label>
                      </li>
                    );
                  })}
                </ul>
              )}
            </fieldset>
            <div className="grid max-w-xs gap-2">
              <Label htmlFor="bulk-send-at">Send later (optional)</Label>
              <Input
                id="bulk-send-at"
                type="datetime-local"
                value={sendAt}
                onChange={(event) => setSendAt(event.target.value)}
              />
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button onClick={submit} disabled={busy}>
                {review.isPending
                  ? 'Checking...'
                  : `Review send to ${selected.size} recipient${selected.size === 1 ? '' : 's'}`}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function BulkReview({
  preview,
  sending,
  onBack,
  onConfirm,
}: {
  preview: BulkDryRun;
  sending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const count = preview.recipients.length;
  return (
    <div className="grid gap-4">
      <section aria-labelledby="bulk-review-recipients" className="grid gap-1 text-sm">
        <h3 id="bulk-review-recipients" className="font-medium">
          {count} recipient{count === 1 ? '' : 's'}
          {preview.sendAt ? `, sent ${new Date(preview.sendAt).toLocaleString()}` : ''}
        </h3>
        {preview.skipped.length > 0 ? (
          <>
            <p className="text-muted-foreground">Skipped ({preview.skipped.length}):</p>
            <ul className="grid max-h-32 gap-1 overflow-y-auto" aria-label="Skipped recipients">
              {preview.skipped.map((skip) => (
                <li key={skip.id}>
                  {skip.name || skip.email || skip.id}
                  {skip.email ? (
                    <span className="text-muted-foreground"> ({skip.email})</span>
                  ) : null}
                  {' — '}
                  {SKIP_REASONS[skip.reason] ?? skip.reason}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-muted-foreground">Nobody is skipped.</p>
        )}
      </section>
      <section aria-label="Sample email" className="grid gap-2">
        <p className="text-sm">
          <span className="font-medium">Subject:</span> {preview.sample.subject}
        </p>
        <EmailFrame
          title="Sample of the bulk email"
          html={preview.sample.html}
          isLoading={false}
          error={null}
          className="h-[30vh]"
        />
      </section>
      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={sending}>
          Back
        </Button>
        <Button onClick={onConfirm} disabled={sending || count === 0}>
          {sending ? 'Sending...' : `Send to ${count} recipient${count === 1 ? '' : 's'}`}
        </Button>
      </DialogFooter>
    </div>
  );
}
