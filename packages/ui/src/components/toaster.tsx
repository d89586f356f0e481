import { createPortal } from 'react-dom';
import { useModalLayer } from './modal-layer';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { dismissToast, useToast } from './use-toast';

/** The one global toaster each app mounts at its root. */
function Toaster() {
  const { toasts } = useToast();
  // In the open modal while there is one: the page behind it is inert and covered.
  const layer = useModalLayer();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration ?? 5000}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      {layer ? createPortal(<ToastViewport />, layer) : <ToastViewport />}
    </ToastProvider>
  );
}

export { Toaster };
