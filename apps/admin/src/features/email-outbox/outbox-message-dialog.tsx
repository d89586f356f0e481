import { apiRoutes } from '@repo/api-client';
import { EMAIL_LINK_MESSAGES, hidesLinkToken } from '@repo/validation';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@repo/ui';
import { EmailFrame } from '@/components/email-frame';
import { formatDateTime } from '@/lib/format';
import { useApiQuery } from '@/lib/use-api-query';
import { DeliveryStateBadge, OutboxStatusBadge } from './outbox-status-badge';

export function OutboxMessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useApiQuery(apiRoutes.admin.email.outboxMessage(id ?? ''), undefined, {
    enabled: Boolean(id),
    // Delivery status changes while the queue works: always show it fresh.
    staleTime: 0,
  });
  const message = detail.data;
  const linkHidden = hidesLinkToken(message?.textBody) || hidesLinkToken(message?.htmlBody);
  return (
    <Dialog open={Boolean(id)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle className="pr-6 leading-snug">{message?.subject ?? 'Email'}</DialogTitle>
          <DialogDescription>{message ? `To ${message.toEmail}` : 'Loading...'}</DialogDescription>
        </DialogHeader>
        {message ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium text-muted-foreground">Status</dt>
            <dd>
              <OutboxStatusBadge status={message.status} />
            </dd>
            <dt className="font-medium text-muted-foreground">Template</dt>
            <dd>{message.templateId}</dd>
            <dt className="font-medium text-muted-foreground">Created</dt>
            <dd>{formatDateTime(message.createdAt)}</dd>
            <dt className="font-medium text-muted-foreground">Sent</dt>
            <dd>{message.sentAt ? formatDateTime(message.sentAt) : 'Not yet'}</dd>
            <dt className="font-medium text-muted-foreground">Attempts</dt>
            <dd>{message.attempts}</dd>
            <dt className="font-medium text-muted-foreground">Delivery</dt>
            <dd>
              <DeliveryStateBadge state={message.deliveryState} />
            </dd>
            {message.deliveryDetail ? (
              <>
                <dt className="font-medium text-muted-foreground">Postmark said</dt>
                <dd className="break-words">{message.deliveryDetail}</dd>
              </>
            ) : null}
            {message.events.length > 0 ? (
              <>
                <dt className="font-medium text-muted-foreground">Events</dt>
                <dd>
                  <ol className="grid gap-1">
                    {message.events.map((event) => (
                      <li key={`${event.recordType}-${event.occurredAt}`}>
                        <span className="font-medium">{event.recordType}</span>{' '}
                        <span className="text-muted-foreground">
                          {formatDateTime(event.occurredAt)}
                        </span>
                      </li>
                    ))}
                  </ol>
                </dd>
              </>
            ) : null}
            {message.lastError ? (
              <>
                <dt className="font-medium text-muted-foreground">Last error</dt>
                <dd className="break-words text-destructive">{message.lastError}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {linkHidden ? (
          <div
            role="note"
            aria-label={EMAIL_LINK_MESSAGES.hiddenTitle}
            className="rounded-md border bg-muted p-3 text-sm"
          >
            <p className="font-medium">{EMAIL_LINK_MESSAGES.hiddenTitle}</p>
            <p>{EMAIL_LINK_MESSAGES.hidden}</p>
          </div>
        ) : null}
        <EmailFrame
          title="Email content"
          html={message?.htmlBody}
          isLoading={detail.isPending}
          error={detail.error}
        />
      </DialogContent>
    </Dialog>
  );
}
