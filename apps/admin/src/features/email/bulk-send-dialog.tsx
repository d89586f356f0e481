import type { BetaParticipant, EmailTemplate } from '@repo/api-client';
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
} from '@repo/ui';
import { bulkEmailSchema, EMAIL_MESSAGES } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { TemplatePicker } from './template-picker';

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
  const isAnnouncement =
    templates.find((template) => template.id === templateId)?.category === 'announcement';

  const send = useMutation({
    mutationFn: (input: {
      templateId: string;
      recipientIds: string[];
      content?: Partial<AnnouncementContentValue>;
    }) => api.post<{ queued: number; skipped: number }>('/api/admin/email/bulk-send', input),
    onSuccess: (result) => {
      const skipped = result?.skipped ? `, ${result.skipped} skipped` : '';
      notifySuccess(TOAST.bulkEmailSent, `${result?.queued ?? 0} queued${skipped}.`);
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.outbox] });
      close();
    },
    onError: (error) => notifyFailure(TOAST.bulkEmailFailed, error),
  });

  function close() {
    setTemplateId('');
    setSelected(new Set());
    setContent(EMPTY_CONTENT);
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
    send.mutate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : !send.isPending && close())}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Bulk send</DialogTitle>
          <DialogDescription>
            Send a template to beta participants. People who unsubscribed are skipped.
          </DialogDescription>
        </DialogHeader>
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
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={send.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={send.isPending}>
            {send.isPending
              ? 'Sending...'
              : `Send to ${selected.size} recipient${selected.size === 1 ? '' : 's'}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
