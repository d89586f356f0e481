import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@repo/ui';
import { PRIMARY_USE_OPTIONS } from '@repo/validation';
import { type KeyboardEvent, type Ref, startTransition, useState } from 'react';
import { canAdvance } from './waitlist-rules';

interface PrimaryUseSelectProps {
  id: string;
  value: string;
  error?: string;
  describedBy: string;
  onChoose: (value: string) => void;
  onEnter: (event: KeyboardEvent) => void;
  triggerRef: Ref<HTMLButtonElement>;
}

/** The wizard's last step: the primary use case, in the UI kit's select. */
export function PrimaryUseSelect({
  id,
  value,
  error,
  describedBy,
  onChoose,
  onEnter,
  triggerRef,
}: PrimaryUseSelectProps) {
  // Issue 22 (INP): opening the list mounts Radix's portal, focus scope, scroll lock and
  // positioning, hundreds of milliseconds with the CPU slowed down 4 times. Rendered in
  // a transition, the press that opens it gets its frame first.
  const [open, setOpen] = useState(false);
  return (
    <Select
      value={value}
      onValueChange={onChoose}
      open={open}
      onOpenChange={(next) => startTransition(() => setOpen(next))}
      name="primaryUse"
    >
      <SelectTrigger
        ref={triggerRef}
        id={id}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className="h-12 text-base"
        // Enter on the closed select advances once a choice is made (spec section 4);
        // without one it is left to Radix, which opens the list. An open list has
        // focus in its options, so its Enter still chooses one.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && canAdvance('primaryUse', value, false)) onEnter(event);
        }}
      >
        <SelectValue placeholder="Choose a primary use case" />
      </SelectTrigger>
      <SelectContent>
        {PRIMARY_USE_OPTIONS.map((option) => (
          <SelectItem key={option} value={option}>
            {option}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
