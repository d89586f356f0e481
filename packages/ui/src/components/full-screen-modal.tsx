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
  /** Hide the built-in close button (when the form renders its own). */
  hideClose?: boolean;
}

const noSubscription = () => () => undefined;

/**
 * A form that covers the whole viewport, on the browser's own modal `<dialog>` (issue
 * 22: with Radix's dialog, the click that opened the waitlist overlay was the slowest
 * interaction of the visit; docs/performance.md has the figures). It opens as a plain
 * dialog, painted with the click, and becomes the modal one task later (issue 32: the
 * inert page's restyle is most of the click's work otherwise). `showModal()` makes
 * the rest of the page inert, live regions included, and focuses its first control;
 * Escape closes it through `onOpenChange`; on close the focus goes back to what had it.
 * The page behind does not scroll: the modal is a scroll container with
 * `overscroll-behavior: contain`, so a wheel or a swipe over it never reaches the page
 * (hiding the page's overflow, as Radix does, laid the whole page out again in the
 * opening click). Nothing is rendered while closed. Label it with FullScreenModalTitle
 * (and FullScreenModalDescription).
 */
const FullScreenModal = React.forwardRef<HTMLDialogElement, FullScreenModalProps>(
  function FullScreenModal({ open, ...props }, ref) {
    // Never in the server's HTML (a modal shows only once the script runs), and not in
    // the first render that hydrates it either: as a portal would not be.
    const client = React.useSyncExternalStore(
      noSubscription,
      () => true,
      () => false,
    );
    return open && client ? <OpenModal {...props} forwardedRef={ref} /> : null;
  },
);

function OpenModal({
  onOpenChange,
  children,
  className,
  closeLabel = 'Close',
  hideClose = false,
  forwardedRef,
}: Omit<FullScreenModalProps, 'open'> & { forwardedRef: React.ForwardedRef<HTMLDialogElement> }) {
  const dialog = React.useRef<HTMLDialogElement>(null);
  const modal = React.useRef(false);
  React.useImperativeHandle(forwardedRef, () => dialog.current!, []);
  const titleId = React.useId();
  const descriptionId = React.useId();
  const ids = React.useMemo(() => ({ titleId, descriptionId }), [titleId, descriptionId]);
  const onOpenChangeRef = React.useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;
  React.useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement;
    // Issue 32 (INP): making the rest of the page inert restyles the whole document (on
    // /beta, 54 of the opening click's 105 ms with the CPU slowed down 4×). So the dialog
    // opens as a plain one, covering the page, and paints in the frame of the click;
    // the task after that frame makes it the modal (inert page, top layer, focus in it).
    // Opened by its attribute, not show(): show() moves the focus in at once, which lays
    // the dialog out inside this task; the browser's next frame does that work anyway.
    element.setAttribute('open', '');
    setModalLayer(element);
    // Escape before the dialog became the modal (a modal's Escape is `cancel`, below):
    // the focus may still be on the control that opened it, outside the dialog.
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !modal.current && !event.defaultPrevented) {
        event.preventDefault();
        onOpenChangeRef.current(false);
      }
    };
    document.addEventListener('keydown', escape);
    let upgrade: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      upgrade = setTimeout(() => {
        if (!element.isConnected || !element.open || modal.current) return;
        // Closed and shown again in one task: nothing paints between. The close event
        // this queues finds the dialog open again and is ignored (onClose below).
        modal.current = true;
        element.close();
        element.showModal();
      }, 0);
    });
    return () => {
      document.removeEventListener('keydown', escape);
      cancelAnimationFrame(frame);
      clearTimeout(upgrade);
      setModalLayer(undefined);
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
        // Closed by the browser itself; the one closed on removal (below) is gone by then,
        // and the one closed to become the modal is open again.
        onClose={(event) => {
          if (event.currentTarget.isConnected && !event.currentTarget.open) onOpenChange(false);
        }}
        className={cn(
          'fixed inset-0 z-50 m-0 flex h-full max-h-none w-full max-w-none flex-col overflow-y-auto overscroll-contain border-0 bg-background p-0 text-foreground focus:outline-none',
          className,
        )}
      >
        {children}
        {hideClose ? null : (
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="absolute right-4 top-4 inline-flex h-10 w-10 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="h-5 w-5" aria-hidden="true" />
            <span className="sr-only">{closeLabel}</span>
          </button>
        )}
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
