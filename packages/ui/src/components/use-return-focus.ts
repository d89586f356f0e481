import * as React from 'react';

type FocusHandler = (event: Event) => void;

/**
 * Radix returns focus on close only to a Dialog.Trigger. Dialogs opened from a
 * plain button (controlled `open`) would drop focus on <body>; this remembers
 * what had focus when the dialog opened and puts focus back there on close.
 * Spread the result on Dialog.Content.
 */
export function useReturnFocus(onOpenAutoFocus?: FocusHandler, onCloseAutoFocus?: FocusHandler) {
  const opener = React.useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Runs before Radix moves focus into the dialog.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
