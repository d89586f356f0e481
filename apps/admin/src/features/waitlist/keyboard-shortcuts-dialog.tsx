import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@repo/ui';
import { LIST_SHORTCUTS } from './use-list-keyboard';

/** The "?" sheet (issue 32): every key of the list and what it does. */
export function KeyboardShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>
            In the list, when no field or dialog has the keyboard.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {LIST_SHORTCUTS.map(({ keys, action }) => (
            <div key={action} className="contents">
              <dt>
                {keys.map((key) => (
                  <kbd
                    key={key}
                    className="inline-block min-w-[1.75rem] rounded border bg-muted px-1.5 py-0.5 text-center font-mono text-xs"
                  >
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd>{action}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
