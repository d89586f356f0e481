import { useRef } from 'react';

/**
 * Radix returns focus on close only to a Dialog.Trigger. The console opens
 * dialogs from plain buttons (one per table row), so this remembers what had
 * focus when the dialog opened and focuses it again on close. Spread the result
 * on DialogContent or AlertDialogContent. (Same as @repo/ui's internal hook,
 * which the kit does not export.)
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus() {
      // Runs before Radix moves focus into the dialog.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus(event: Event) {
      const target = opener.current;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
