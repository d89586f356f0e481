import type { ErasureResult } from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@repo/ui';
import { erasePersonSchema } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { api } from '@/lib/api';
import { formatCount } from '@/lib/format';
import { serverFieldErrors } from '@/lib/field-issues';
import { ERASE_PERSON_CONFIRMATION, TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';

const COUNT_LABELS: Record<keyof ErasureResult['deleted'], string> = {
  waitlistEntries: 'Waitlist entries',
  contactMessages: 'Contact messages',
  feedbackResponses: 'Survey responses',
  participants: 'Beta participants',
  emails: 'Emails',
  analyticsEvents: 'Analytics events',
};

type Step =
  | { kind: 'form' }
  | { kind: 'confirm'; email: string }
  | { kind: 'done'; email: string; result: ErasureResult };

interface ErasePersonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The right to erasure: everything stored about one address, deleted for good. */
export function ErasePersonDialog({ open, onOpenChange }: ErasePersonDialogProps) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [step, setStep] = useState<Step>({ kind: 'form' });

  const erase = useMutation({
    mutationFn: (input: { email: string }) => api.admin.erase(input),
    onSuccess: (result, input) => {
      setStep({ kind: 'done', email: input.email, result });
      notifySuccess(TOAST.erasureDone, `Nothing about ${input.email} is stored any more.`);
      // Every list and count may have named this person.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== QUERY_PATHS.session,
      });
    },
    onError: (failure) => {
      setError(serverFieldErrors(failure).email);
      setStep({ kind: 'form' });
      notifyFailure(TOAST.erasureFailed, failure);
    },
  });

  const close = () => {
    if (erase.isPending) return;
    setEmail('');
    setError(undefined);
    setStep({ kind: 'form' });
    erase.reset();
    onOpenChange(false);
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const parsed = erasePersonSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setStep({ kind: 'confirm', email: parsed.data.email });
  };

  let body;
  if (step.kind === 'done') {
    body = (
      <>
        <DialogHeader>
          <DialogTitle>Erased</DialogTitle>
          <DialogDescription>Deleted for {step.email}:</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" aria-label="Deleted">
          {(Object.keys(COUNT_LABELS) as (keyof ErasureResult['deleted'])[]).map((key) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{COUNT_LABELS[key]}</dt>
              <dd className="text-right tabular-nums">{formatCount(step.result.deleted[key])}</dd>
            </div>
          ))}
        </dl>
        <DialogFooter>
          <Button onClick={close}>Done</Button>
        </DialogFooter>
      </>
    );
  } else if (step.kind === 'confirm') {
    body = (
      <>
        <DialogHeader>
          <DialogTitle>Erase {step.email}?</DialogTitle>
          <DialogDescription>{ERASE_PERSON_CONFIRMATION}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            variant="outline"
            disabled={erase.isPending}
            onClick={() => setStep({ kind: 'form' })}
          >
            Back
          </Button>
          <Button
            variant="destructive"
            disabled={erase.isPending}
            onClick={() => erase.mutate({ email: step.email })}
          >
            {erase.isPending ? 'Erasing...' : 'Erase permanently'}
          </Button>
        </DialogFooter>
      </>
    );
  } else {
    body = (
      <form className="grid gap-4" onSubmit={review} noValidate>
        <DialogHeader>
          <DialogTitle>Erase a person</DialogTitle>
          <DialogDescription>
            Deletes the waitlist entry, contact messages, survey answers, beta participation, emails
            and analytics that name this address. The audit log keeps who erased, not what.
          </DialogDescription>
        </DialogHeader>
        <FormField
          id="erase-email"
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          error={error}
          onValueChange={(value) => {
            setEmail(value);
            setError(undefined);
          }}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive">
            Continue
          </Button>
        </DialogFooter>
      </form>
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>{body}</DialogContent>
    </Dialog>
  );
}
