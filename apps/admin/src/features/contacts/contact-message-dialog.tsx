import type { ContactMessage } from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@repo/ui';
import { formatCompany, formatDateTime } from '@/lib/format';
import { Can } from '@/lib/permissions';
import { ContactStatusBadge } from './contact-status-badge';

interface ContactMessageDialogProps {
  message: ContactMessage | null;
  onClose: () => void;
  onMarkReplied: (message: ContactMessage) => void;
  isUpdating: boolean;
}

/** The message viewer (spec section 2); opening a new message marks it read (the caller does). */
export function ContactMessageDialog({
  message,
  onClose,
  onMarkReplied,
  isUpdating,
}: ContactMessageDialogProps) {
  return (
    <Dialog open={Boolean(message)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {message ? (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 leading-snug">{message.subject}</DialogTitle>
              <DialogDescription>
                From {message.name} on {formatDateTime(message.createdAt)}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium text-muted-foreground">Status</dt>
              <dd>
                <ContactStatusBadge status={message.status} />
              </dd>
              <dt className="font-medium text-muted-foreground">Email</dt>
              <dd className="break-all">
                <a
                  className="text-primary underline-offset-4 hover:underline"
                  href={`mailto:${message.email}`}
                >
                  {message.email}
                </a>
              </dd>
              <dt className="font-medium text-muted-foreground">Company</dt>
              <dd>{formatCompany(message.company)}</dd>
              <dt className="font-medium text-muted-foreground">Received</dt>
              <dd>{formatDateTime(message.createdAt)}</dd>
            </dl>
            <div className="max-h-[40vh] overflow-y-auto whitespace-pre-wrap rounded-md border bg-muted/40 p-4 text-sm">
              {message.message}
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Can permission="contacts:reply">
                <Button
                  onClick={() => onMarkReplied(message)}
                  disabled={message.status === 'replied' || isUpdating}
                >
                  Mark as Replied
                </Button>
              </Can>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
