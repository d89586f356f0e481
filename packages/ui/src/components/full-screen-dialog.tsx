import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/cn';
import { useReturnFocus } from './use-return-focus';

/**
 * A dialog that covers the whole viewport, for multi-step forms. Built on the
 * Radix dialog: focus is trapped and restored, Escape closes, page scroll is
 * locked, and the Title labels it for screen readers. Use inside <Dialog>.
 */
const FullScreenDialogContent = React.forwardRef<
  React.ElementRef<typeof DialogPrimitive.Content>,
  React.ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & {
    closeLabel?: string;
    /** Hide the built-in close button (when the form renders its own). */
    hideClose?: boolean;
  }
>(
  (
    {
      className,
      children,
      closeLabel = 'Close',
      hideClose = false,
      onOpenAutoFocus,
      onCloseAutoFocus,
      ...props
    },
    ref,
  ) => {
    const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
    return (
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-background" />
        <DialogPrimitive.Content
          ref={ref}
          className={cn(
            'fixed inset-0 z-50 flex flex-col overflow-y-auto bg-background focus:outline-none',
            className,
          )}
          {...returnFocus}
          {...props}
        >
          {children}
          {hideClose ? null : (
            <DialogPrimitive.Close className="absolute right-4 top-4 inline-flex h-10 w-10 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              <X className="h-5 w-5" aria-hidden="true" />
              <span className="sr-only">{closeLabel}</span>
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    );
  },
);
FullScreenDialogContent.displayName = 'FullScreenDialogContent';

export { FullScreenDialogContent };
