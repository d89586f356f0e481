import { apiRoutes } from '@repo/api-client';
import { Button } from '@repo/ui';
import { WEBHOOK_MESSAGES } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format, subHours } from 'date-fns';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { api } from '@/lib/api';
import { serverFieldErrors } from '@/lib/field-issues';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { INTEGRATION_TOASTS } from './integration-texts';

/** A datetime-local value (the console user's own time) 24 hours ago. */
const dayAgo = () => format(subHours(new Date(), 24), "yyyy-MM-dd'T'HH:mm");

/** "Resend failed deliveries since…": every failed delivery of the endpoint since a time, queued again. */
export function ResendFailedForm({ endpointId }: { endpointId: string }) {
  const queryClient = useQueryClient();
  const [since, setSince] = useState(dayAgo);
  const [error, setError] = useState<string | undefined>();

  const resend = useMutation({
    mutationFn: (at: string) => api.admin.webhooks.resendFailed(endpointId, { since: at }),
    onSuccess: (result) => {
      notifySuccess(result.message || WEBHOOK_MESSAGES.resentSince(result.queued));
      void queryClient.invalidateQueries({
        queryKey: [apiRoutes.admin.webhooks.deliveries(endpointId)],
      });
    },
    onError: (failure) => {
      const onField = serverFieldErrors(failure).since;
      setError(onField);
      if (!onField) notifyFailure(INTEGRATION_TOASTS.resendFailed, failure);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A datetime-local value is the console user's local time.
    const at = since ? new Date(since) : null;
    if (!at || Number.isNaN(at.getTime())) {
      setError(WEBHOOK_MESSAGES.since);
      return;
    }
    setError(undefined);
    resend.mutate(at.toISOString());
  };

  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
      <div className="min-w-0 max-w-full">
        <FormField
          id="webhook-resend-since"
          label="Resend failed deliveries since"
          type="datetime-local"
          value={since}
          error={error}
          className="w-56 max-w-full"
          onValueChange={(value) => {
            setSince(value);
            setError(undefined);
          }}
        />
      </div>
      <Button type="submit" variant="outline" disabled={resend.isPending}>
        {resend.isPending ? 'Queueing...' : 'Resend failed'}
      </Button>
    </form>
  );
}
