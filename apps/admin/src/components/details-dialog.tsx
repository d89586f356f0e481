import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@repo/ui';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/notify';

/**
 * A read-only dialog over one query's answer (a referral chain, a code's
 * redemptions): its title and description, then the error, a loading line, or
 * `children` once the data is there.
 */
export function DetailsDialog<T>({
  open,
  onClose,
  title,
  description,
  query,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  query: { data: T | undefined; isError: boolean; error: unknown };
  children: (data: T) => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(query.error)}
          </p>
        ) : open && query.data !== undefined ? (
          children(query.data)
        ) : (
          <p className="text-sm text-muted-foreground">Loading…</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
