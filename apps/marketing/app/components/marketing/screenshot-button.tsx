import { Maximize2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyComponent } from '~/utils/lazy-component';

// The viewer (a dialog) downloads on the first click, or when the pointer or focus reaches a screenshot.
const ImageViewer = lazyComponent(() =>
  import('@repo/ui/image-viewer').then((module) => module.ImageViewer),
);

interface ScreenshotButtonProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  caption: string;
}

/** A feature screenshot that opens the full-screen image viewer (spec section 4). */
export function ScreenshotButton({ src, alt, width, height, caption }: ScreenshotButtonProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing animates and returns focus as usual.
  const [viewerMounted, setViewerMounted] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setViewerMounted(true);
          setOpen(true);
        }}
        onPointerEnter={ImageViewer.preload}
        onFocus={ImageViewer.preload}
        aria-label={`View full screen: ${caption}`}
        className="group relative block w-full overflow-hidden rounded-xl border bg-muted shadow-md transition hover:shadow-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          className="h-auto w-full"
        />
        <span className="absolute bottom-3 right-3 inline-flex items-center gap-1 rounded-md bg-slate-900/85 px-2.5 py-1.5 text-xs font-medium text-white">
          <Maximize2 className="h-3.5 w-3.5" aria-hidden="true" /> View full screen
        </span>
      </button>
      {viewerMounted ? (
        <Suspense fallback={null}>
          <ImageViewer
            open={open}
            onOpenChange={setOpen}
            src={src}
            alt={alt}
            width={width}
            height={height}
            caption={caption}
          />
        </Suspense>
      ) : null}
    </>
  );
}
