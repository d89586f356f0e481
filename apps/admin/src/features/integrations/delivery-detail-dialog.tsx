import { apiRoutes, type WebhookAttempt, type WebhookDelivery } from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@repo/ui';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_MESSAGES } from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { errorMessage, notifyFailure, notifySuccess } from '@/lib/notify';
import { useApiQuery } from '@/lib/use-api-query';
import { DeliveryStateBadge } from './delivery-state-badge';
import { INTEGRATION_TEXTS, INTEGRATION_TOASTS } from './integration-texts';

const pre =
  'max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 font-mono text-xs';

function Attempt({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm">
      <p className="flex flex-wrap gap-x-3 gap-y-1">
        <span className="font-medium">Attempt {attempt.attempt}</span>
        <span>{formatDateTime(attempt.at)}</span>
        <span>{attempt.status === null ? 'No answer' : `Status ${attempt.status}`}</span>
        <span>{attempt.durationMs} ms</span>
      </p>
      {attempt.error ? <p className="text-destructive">{attempt.error}</p> : null}
      {attempt.response ? (
        <div className="grid gap-1">
          <p className="text-xs text-muted-foreground">The answer (its first 2 KB)</p>
          {/* Scrollable, so reachable by keyboard (axe: scrollable-region-focusable). */}
          <pre className={pre} tabIndex={0} aria-label={`The answer to attempt ${attempt.attempt}`}>
            {attempt.response}
          </pre>
        </div>
      ) : null}
    </li>
  );
}

/**
 * One delivery (issue 34): its event and webhook-id, the JSON sent, every attempt
 * with its status, duration, the first 2 KB of the answer or the error, and "Resend".
 */
export function DeliveryDetailDialog({
  endpointId,
  delivery,
  onClose,
}: {
  endpointId: string;
  delivery: WebhookDelivery | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const path = apiRoutes.admin.webhooks.delivery(endpointId, delivery?.id ?? '');
  const detail = useApiQuery(path, undefined, { enabled: delivery !== null });

  const resend = useMutation({
    mutationFn: (deliveryId: string) => api.admin.webhooks.resend(endpointId, deliveryId),
    onSuccess: (answer) => {
      notifySuccess(answer.message || WEBHOOK_MESSAGES.resent);
      void queryClient.invalidateQueries({
        queryKey: [apiRoutes.admin.webhooks.deliveries(endpointId)],
      });
      void queryClient.invalidateQueries({ queryKey: [path] });
    },
    onError: (error) => notifyFailure(INTEGRATION_TOASTS.resendFailed, error),
  });

  const data = detail.data;
  return (
    <Dialog open={delivery !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{delivery ? WEBHOOK_EVENT_LABELS[delivery.event] : 'Delivery'}</DialogTitle>
          <DialogDescription>
            {delivery ? (
              <>
                <code>{delivery.event}</code>, event{' '}
                <code className="break-all">{delivery.eventId}</code> (its webhook-id header)
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        {detail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(detail.error)}
          </p>
        ) : !data ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : (
          <div className="grid min-w-0 gap-4">
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <DeliveryStateBadge state={data.state} />
              <span>
                {data.attempts} {data.attempts === 1 ? 'attempt' : 'attempts'}
              </span>
              {data.nextAttemptAt ? (
                <span>Next attempt {formatDateTime(data.nextAttemptAt)}</span>
              ) : null}
              <Button
                size="sm"
                className="ml-auto"
                disabled={resend.isPending}
                onClick={() => resend.mutate(data.id)}
              >
                Resend
              </Button>
            </div>
            <section className="grid gap-2" aria-labelledby="webhook-payload-heading">
              <h3 id="webhook-payload-heading" className="text-sm font-medium">
                Payload
              </h3>
              {data.payload === null ? (
                <p className="text-sm text-muted-foreground">{INTEGRATION_TEXTS.payloadErased}</p>
              ) : (
                <pre className={pre} tabIndex={0} aria-labelledby="webhook-payload-heading">
                  {JSON.stringify(data.payload, null, 2)}
                </pre>
              )}
            </section>
            <section className="grid gap-2" aria-labelledby="webhook-attempts-heading">
              <h3 id="webhook-attempts-heading" className="text-sm font-medium">
                Attempts
              </h3>
              {data.attemptLog.length === 0 ? (
                <p className="text-sm text-muted-foreground">Not attempted yet.</p>
              ) : (
                <ol className="grid gap-2">
                  {data.attemptLog.map((attempt) => (
                    <Attempt key={`${attempt.attempt}-${attempt.at}`} attempt={attempt} />
                  ))}
                </ol>
              )}
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
