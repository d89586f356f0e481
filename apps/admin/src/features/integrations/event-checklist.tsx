import { Checkbox, Label } from '@repo/ui';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from '@repo/validation';

interface EventChecklistProps {
  /** Prefix of the checkboxes' ids, unique on the page. */
  id: string;
  value: readonly WebhookEvent[];
  onChange: (next: WebhookEvent[]) => void;
  /** Tied to each checkbox, e.g. a validation message. */
  describedBy?: string;
}

/** The events an endpoint receives: every one of WEBHOOK_EVENTS, with a "Select all" above them. */
export function EventChecklist({ id, value, onChange, describedBy }: EventChecklistProps) {
  const chosen = new Set(value);
  const all = WEBHOOK_EVENTS.every((event) => chosen.has(event));
  const toggle = (event: WebhookEvent, checked: boolean) => {
    if (checked) chosen.add(event);
    else chosen.delete(event);
    // Kept in the list's own order, so the same choice always reads the same.
    onChange(WEBHOOK_EVENTS.filter((item) => chosen.has(item)));
  };

  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-all`}
          checked={all ? true : value.length > 0 ? 'indeterminate' : false}
          onCheckedChange={(checked) => onChange(checked === true ? [...WEBHOOK_EVENTS] : [])}
          aria-describedby={describedBy}
        />
        <Label htmlFor={`${id}-all`}>Select all</Label>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <li key={event} className="flex items-start gap-2">
            <Checkbox
              id={`${id}-${event}`}
              className="mt-0.5"
              checked={chosen.has(event)}
              onCheckedChange={(checked) => toggle(event, checked === true)}
              aria-describedby={describedBy}
            />
            <Label htmlFor={`${id}-${event}`} className="grid gap-0.5 font-normal">
              <span>{WEBHOOK_EVENT_LABELS[event]}</span>
              <code className="break-all text-xs text-muted-foreground">{event}</code>
            </Label>
          </li>
        ))}
      </ul>
    </div>
  );
}
