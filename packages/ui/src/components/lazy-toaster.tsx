import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * The app's toaster, downloaded with the first toast: most page views show none,
 * so the toast primitives stay out of the first download (issue 13). Toasts
 * raised before it arrives are kept by the store and shown when it does.
 */
function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setWanted(true);
  }, [toasts.length]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export { LazyToaster };
