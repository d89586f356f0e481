import { X } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/cn';
import { setModalLayer } from './modal-layer';

interface ModalIds {
  titleId: string;
  descriptionId: string;
}

const ModalContext = React.createContext<ModalIds | null>(null);

function useModalIds(part: string): ModalIds {
  const ids = React.useContext(ModalContext);
  if (!ids) throw new Error(`${part} must be used inside <FullScreenModal>`);
  return ids;
}

interface FullScreenModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
  className?: string;
  closeLabel?: string;
}

/**
 * A form that covers the whole viewport, on the browser's own modal `<dialog>`
 * (issue 22: opening the Radix dialog cost the waitlist overlay's click 150 to 190 ms
 * with the CPU slowed down 4 times, a native one about 40). `showModal()` makes the rest
 * of the page inert, live regions included, and puts the focus on the first field;
 * Escape closes it through `onOpenChange`; on close the focus goes back to what had it
 * before, and the page behind does not scroll while it is open. Nothing is rendered
 * while closed. Label it with FullScreenModalTitle (and FullScreenModalDescription).
 */
function FullScreenModal({ open, ...props }: FullScreenModalProps) {
  return open ? <OpenModal {...props} /> : null;
}

function OpenModal({
  onOpenChange,
  children,
  className,
  closeLabel = 'Close',
}: Omit<FullScreenModalProps, 'open'>) {
  const dialog = React.useRef<HTMLDialogElement>(null);
  const titleId = React.useId();
  const descriptionId = React.useId();
  const ids = React.useMemo(() => ({ titleId, descriptionId }), [titleId, descriptionId]);
  React.useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    element.showModal();
    root.style.overflow = 'hidden';
    setModalLayer(element);
    return () => {
      setModalLayer(undefined);
      root.style.overflow = overflow;
      // Out of the top layer first: while it is there, the rest of the page is inert.
      if (element.open) element.close();
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
        opener.focus();
      }
    };
  }, []);
  return (
    <ModalContext.Provider value={ids}>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        // Escape: the page's state closes it, so that React removes it.
        onCancel={(event) => {
          event.preventDefault();
          onOpenChange(false);
        }}
        // Closed by the browser itself; the one closed on removal (below) is gone by then.
        onClose={(event) => {
          if (event.currentTarget.isConnected) onOpenChange(false);
        }}
        className={cn(
          'fixed inset-0 z-50 m-0 flex h-full max-h-none w-full max-w-none flex-col overflow-y-auto overscroll-contain border-0 bg-background p-0 text-foreground focus:outline-none',
          className,
        )}
      >
        {children}
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="absolute right-4 top-4 inline-flex h-10 w-10 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="h-5 w-5" aria-hidden="true" />
          <span className="sr-only">{closeLabel}</span>
        </button>
      </dialog>
    </ModalContext.Provider>
  );
}

function FullScreenModalTitle({ className, ...props }: React.HTMLAttributes<HTMLHeadingElement>) {
  const { titleId } = useModalIds('FullScreenModalTitle');
  return (
    <h2
      id={titleId}
      className={cn('text-lg font-semibold leading-none tracking-tight', className)}
      {...props}
    />
  );
}

function FullScreenModalDescription({
  className,
  ...props
}: React.HTMLAttributes<HTMLParagraphElement>) {
  const { descriptionId } = useModalIds('FullScreenModalDescription');
  return (
    <p id={descriptionId} className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

export { FullScreenModal, FullScreenModalDescription, FullScreenModalTitle };
