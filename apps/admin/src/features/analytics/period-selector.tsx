import {
  Button,
  FormMessage,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@repo/ui';
import { DASHBOARD_PERIOD_PRESETS, dashboardQuerySchema, utcToday } from '@repo/validation';
import { type FormEvent, useState } from 'react';
import type { DashboardParams } from '@/features/dashboard/use-dashboard';

const CUSTOM = 'custom';

/** The choice shown in the list: a preset's days, or 'custom'. */
function choiceOf(params: DashboardParams): string {
  return 'days' in params ? String(params.days) : CUSTOM;
}

/**
 * The Analytics tab's period (issue 12): the last 7, 30 or 90 days, or a custom
 * range of calendar days (UTC), checked with the API's own rule before it is asked.
 */
export function PeriodSelector({
  value,
  onChange,
}: {
  value: DashboardParams;
  onChange: (params: DashboardParams) => void;
}) {
  const [choice, setChoice] = useState(choiceOf(value));
  const [from, setFrom] = useState('from' in value ? value.from : '');
  const [to, setTo] = useState('to' in value ? value.to : '');
  const [error, setError] = useState<string | undefined>();
  const today = utcToday();

  function pick(next: string) {
    setChoice(next);
    setError(undefined);
    if (next !== CUSTOM) onChange({ days: Number(next) });
  }

  function applyRange(event: FormEvent) {
    event.preventDefault();
    const result = dashboardQuerySchema.safeParse({ from, to });
    if (!result.success) {
      setError(result.error.issues[0]?.message ?? 'Invalid period');
      return;
    }
    setError(undefined);
    onChange({ from, to });
  }

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-2">
        <Label htmlFor="analytics-period">Period</Label>
        <Select value={choice} onValueChange={pick}>
          <SelectTrigger id="analytics-period" className="w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DASHBOARD_PERIOD_PRESETS.map((days) => (
              <SelectItem key={days} value={String(days)}>
                Last {days} days
              </SelectItem>
            ))}
            <SelectItem value={CUSTOM}>Custom range</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {choice === CUSTOM ? (
        <form
          className="flex flex-wrap items-end gap-3"
          aria-label="Custom period"
          noValidate
          onSubmit={applyRange}
        >
          <div className="grid gap-2">
            <Label htmlFor="analytics-from">From (UTC)</Label>
            <Input
              id="analytics-from"
              type="date"
              value={from}
              min="2000-01-01"
              max={today}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'analytics-period-error' : undefined}
              className="w-44"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="analytics-to">To (UTC)</Label>
            <Input
              id="analytics-to"
              type="date"
              value={to}
              min="2000-01-01"
              max={today}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'analytics-period-error' : undefined}
              className="w-44"
            />
          </div>
          <Button type="submit" variant="outline">
            Show period
          </Button>
          {error ? (
            <FormMessage id="analytics-period-error" className="basis-full">
              {error}
            </FormMessage>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
