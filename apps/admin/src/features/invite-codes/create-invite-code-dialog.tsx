import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@repo/ui';
import { inviteCodeCreateSchema, MAX_INVITE_CODE_REDEMPTIONS } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';

type FieldErrors = Partial<Record<'code' | 'maxRedemptions' | 'expiresAt' | 'note', string>>;

const EMPTY = { code: '', maxRedemptions: '1', expiresAt: '', note: '' };

/** Issue 11: a new invite code: its text (or a random one), how many uses, an expiry, a note. */
export function CreateInviteCodeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useMutation({
    mutationFn: api.admin.inviteCodes.create,
    onSuccess: (code) => {
      notifySuccess(TOAST.inviteCodeCreated, `${code.code} is ready to share.`);
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.inviteCodes] });
      setForm(EMPTY);
      setErrors({});
      onOpenChange(false);
    },
    onError: (error) => notifyFailure(TOAST.creationFailed, error),
  });
  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteCodeCreateSchema.safeParse({
      ...form,
      // A datetime-local value is the console user's local time.
      expiresAt: form.expiresAt ? new Date(form.expiresAt).toISOString() : '',
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate({ ...parsed.data });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Create invite code</DialogTitle>
            <DialogDescription>
              Whoever brings the code skips the queue: invited at once when a seat is free, else put
              at the front of the queue.
            </DialogDescription>
          </DialogHeader>
          <FormField
            id="invite-code-text"
            label="Code"
            value={form.code}
            error={errors.code}
            hint="Letters and digits; leave empty for a random code."
            onValueChange={(value) => set('code')(value.toUpperCase())}
            autoComplete="off"
            className="font-mono uppercase"
          />
          <FormField
            id="invite-code-uses"
            label="Uses"
            type="number"
            min={1}
            max={MAX_INVITE_CODE_REDEMPTIONS}
            value={form.maxRedemptions}
            error={errors.maxRedemptions}
            hint="1 for a single-use code."
            onValueChange={set('maxRedemptions')}
          />
          <FormField
            id="invite-code-expiry"
            label="Expires (optional)"
            type="datetime-local"
            value={form.expiresAt}
            error={errors.expiresAt}
            onValueChange={set('expiresAt')}
          />
          <FormField
            id="invite-code-note"
            label="Note (optional)"
            value={form.note}
            error={errors.note}
            maxLength={500}
            onValueChange={set('note')}
          />
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create code'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
