import type { EmailTemplate } from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@repo/ui';
import { testEmailSchema } from '@repo/validation';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { api } from '@/lib/api';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { TemplatePicker } from './template-picker';

interface TestEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  templates: EmailTemplate[];
}

/** Spec section 5: address and template are required; send is disabled otherwise. */
export function TestEmailDialog({ open, onOpenChange, templates }: TestEmailDialogProps) {
  const [email, setEmail] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();

  const send = useMutation({
    mutationFn: (input: { templateType: string; email: string }) => api.admin.email.sendTest(input),
    onSuccess: (_data, input) => {
      notifySuccess(TOAST.testEmailSent, `Sent to ${input.email}.`);
      close();
    },
    onError: (error) => notifyFailure(TOAST.emailFailed, error),
  });

  function close() {
    setEmail('');
    setTemplateId('');
    setEmailError(undefined);
    onOpenChange(false);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = testEmailSchema.safeParse({ templateType: templateId, email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message);
      return;
    }
    setEmailError(undefined);
    send.mutate({ templateType: parsed.data.templateType, email: parsed.data.email });
  };

  const canSend = email.trim() !== '' && templateId !== '' && !send.isPending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : !send.isPending && close())}
    >
      <DialogContent className="max-w-xl">
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Send test email</DialogTitle>
            <DialogDescription>
              Sends one template, filled with sample data, to an address of your choice.
            </DialogDescription>
          </DialogHeader>
          <FormField
            id="test-email-address"
            label="Email address"
            type="email"
            autoComplete="email"
            value={email}
            error={emailError}
            onValueChange={setEmail}
          />
          <TemplatePicker
            idPrefix="test-email-template"
            templates={templates}
            value={templateId}
            onChange={setTemplateId}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSend}>
              {send.isPending ? 'Sending...' : 'Send test email'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
