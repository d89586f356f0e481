import { useSyncExternalStore } from 'react';

// Issue 22: FullScreenModal is the browser's modal <dialog>, in the top layer above
// the page, which it makes inert. What the kit renders elsewhere and must stay usable
// while it is open (a select's list, the toasts) is portalled into the open modal.
let layer: HTMLElement | undefined;
const listeners = new Set<() => void>();

/** Sets (or clears, with undefined) the open modal that portals render into. */
export function setModalLayer(element: HTMLElement | undefined): void {
  layer = element;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open modal to portal into, or undefined for the document's body. */
export function useModalLayer(): HTMLElement | undefined {
  return useSyncExternalStore(
    subscribe,
    () => layer,
    () => undefined,
  );
}
