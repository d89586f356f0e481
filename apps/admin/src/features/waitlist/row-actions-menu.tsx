import type { WaitlistEntry } from '@repo/api-client';
import type { Permission } from '@repo/validation';
import {
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@repo/ui';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { personPath } from '@/features/people/person-link';
import { usePermissions } from '@/lib/permissions';
import type { WaitlistRowHandlers } from './waitlist-columns';

/** One thing a row offers: a button's or a menu item's text, and what it does. */
interface RowAction {
  key: 'approve' | 'update' | 'resend' | 'history' | 'delete';
  label: string;
  /** The primary button's accessible name (it starts with `label`, WCAG 2.5.3). */
  buttonName: string;
  permission: Permission;
  /** A link to follow, or a handler (which may open a dialog). */
  href?: string;
  run?: () => void;
  destructive?: boolean;
  disabled?: boolean;
}

/**
 * What a row offers, most wanted first (issue 32): an entry in the queue is
 * approved, an unconfirmed one is reminded to confirm, a participant's history is
 * read. The first one the role may take is the row's button; the others go in
 * its menu.
 */
function waitlistRowActions(
  entry: WaitlistEntry,
  { onAction, onDelete, onResendConfirmation, resendingId }: WaitlistRowHandlers,
): RowAction[] {
  const name = `${entry.firstName} ${entry.lastName}`;
  const approve: RowAction = {
    key: 'approve',
    label: 'Approve for Beta',
    buttonName: `Approve for Beta: ${name}`,
    permission: 'beta:approve',
    run: () => onAction({ kind: 'approve', entry }),
  };
  const update: RowAction = {
    key: 'update',
    label: 'Hang Tight',
    buttonName: `Hang Tight update for ${name}`,
    permission: 'beta:approve',
    run: () => onAction({ kind: 'update', entry }),
  };
  const resend: RowAction = {
    key: 'resend',
    label: 'Resend confirmation',
    buttonName: `Resend confirmation to ${name}`,
    permission: 'waitlist:write',
    run: () => onResendConfirmation(entry),
    disabled: resendingId === entry.id,
  };
  const history: RowAction = {
    key: 'history',
    label: 'History',
    buttonName: `History of ${name}`,
    permission: 'people:read',
    href: personPath(entry.email),
  };
  const remove: RowAction = {
    key: 'delete',
    label: 'Delete',
    buttonName: `Delete ${name}`,
    permission: 'waitlist:write',
    run: () => onDelete(entry),
    destructive: true,
  };
  if (entry.participantId) return [history, remove];
  if (entry.confirmedAt) return [approve, update, history, remove];
  return [resend, approve, update, history, remove];
}

/**
 * A menu item that opens a dialog runs once the menu has closed, with the focus
 * put back on the menu's button first: the dialog then takes it from there and
 * gives it back there on close. (While the menu is open its focus trap keeps the
 * focus in the menu, and the item is gone once it closes.) Spread `content` on
 * the DropdownMenuContent, `triggerRef` on the trigger; `later(run)` in onSelect.
 */
export function useActionAfterMenu() {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const pending = useRef<(() => void) | null>(null);
  return {
    triggerRef,
    later: (run: () => void) => {
      pending.current = run;
    },
    content: {
      onCloseAutoFocus: (event: Event) => {
        const run = pending.current;
        pending.current = null;
        if (!run) return;
        event.preventDefault();
        triggerRef.current?.focus();
        run();
      },
    },
  };
}

/** The page's <main>: a menu rendered there is inside a landmark (axe: region). */
export function mainLandmark(): HTMLElement | null {
  return document.querySelector('main');
}

/** Three dots: the menu's button (its name is the text beside, for screen readers). */
function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <circle cx="5" cy="12" r="1.75" />
      <circle cx="12" cy="12" r="1.75" />
      <circle cx="19" cy="12" r="1.75" />
    </svg>
  );
}

function PrimaryAction({ action }: { action: RowAction }) {
  const className = 'h-7 px-2.5';
  if (action.href) {
    return (
      <Button asChild size="sm" variant="outline" className={className}>
        <Link to={action.href} aria-label={action.buttonName}>
          {action.label}
        </Link>
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      // Approval is the list's main work; the other primaries are quieter.
      variant={action.key === 'approve' ? 'default' : 'outline'}
      className={className}
      disabled={action.disabled}
      onClick={action.run}
      aria-label={action.buttonName}
    >
      {action.label}
    </Button>
  );
}

/**
 * A waitlist row's actions (issue 32): the primary one as a button, the rest in an
 * accessible menu (Radix: arrow keys, Escape, type-ahead), whose dialogs give the
 * focus back to the menu's button.
 */
export function WaitlistRowActions({
  entry,
  handlers,
}: {
  entry: WaitlistEntry;
  handlers: WaitlistRowHandlers;
}) {
  const permissions = usePermissions();
  const { triggerRef, later, content } = useActionAfterMenu();
  const name = `${entry.firstName} ${entry.lastName}`;
  const allowed = waitlistRowActions(entry, handlers).filter((action) =>
    permissions.includes(action.permission),
  );
  const [primary, ...rest] = allowed;
  return (
    <div className="flex items-center justify-end gap-1.5">
      {entry.participantId ? (
        <Badge variant="secondary" className="whitespace-nowrap">
          In beta
        </Badge>
      ) : null}
      {primary ? <PrimaryAction action={primary} /> : null}
      {rest.length > 0 ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button ref={triggerRef} size="sm" variant="ghost" className="h-7 w-7 px-0">
              <MoreIcon />
              <span className="sr-only">Actions for {name}</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent container={mainLandmark()} {...content}>
            {rest.map((action) =>
              action.href ? (
                <DropdownMenuItem key={action.key} asChild>
                  <Link to={action.href}>{action.label}</Link>
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem
                  key={action.key}
                  destructive={action.destructive}
                  disabled={action.disabled}
                  onSelect={() => later(() => action.run?.())}
                >
                  {action.label}
                </DropdownMenuItem>
              ),
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );
}
