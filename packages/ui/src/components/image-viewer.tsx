import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../lib/cn';
import { useReturnFocus } from './use-return-focus';

interface ImageViewerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Shown under the image and used as the dialog's accessible name. */
  caption: string;
  className?: string;
}

/**
 * A full-screen image viewer: Escape, the close button or a click on the
 * backdrop closes it; page scroll is locked and focus returns to the opener.
 */
function ImageViewer({
  open,
  onOpenChange,
  src,
  alt,
  width,
  height,
  caption,
  className,
}: ImageViewerProps) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-testid="image-viewer-backdrop"
          className="fixed inset-0 z-50 bg-slate-950/90"
        />
        <DialogPrimitive.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[min(92vw,1200px)] -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-3 focus:outline-none',
            className,
          )}
          aria-describedby={undefined}
          {...returnFocus}
        >
          <img
            src={src}
            alt={alt}
            width={width}
            height={height}
            className="h-auto max-h-[80vh] w-auto max-w-full rounded-lg bg-white shadow-2xl"
          />
          <DialogPrimitive.Title className="text-center text-sm font-medium text-white">
            {caption}
          </DialogPrimitive.Title>
          <DialogPrimitive.Close className="absolute -top-3 right-0 inline-flex h-10 w-10 -translate-y-full items-center justify-center rounded-full bg-white text-slate-900 shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <X className="h-5 w-5" aria-hidden="true" />
            <span className="sr-only">Close image</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export { ImageViewer, type ImageViewerProps };
