import { cn, Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@repo/ui';

export interface FilterOption<V extends string = string> {
  value: V;
  label: string;
}

/** A labelled select above a table that narrows its rows (status, state...). */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  className,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly FilterOption<V>[];
  onChange: (value: V) => void;
  /** The trigger's width, w-44 unless given. */
  className?: string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {/* Radix hands back a string: always one of the options' values. */}
      <Select value={value} onValueChange={(next) => onChange(next as V)}>
        <SelectTrigger id={id} className={cn('w-44', className)}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
