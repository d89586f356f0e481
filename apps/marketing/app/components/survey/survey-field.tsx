import { FormMessage, Input, Label, RadioGroup, RadioGroupItem, Textarea } from '@repo/ui';
import type { BetaFeedbackField } from '@repo/validation';
import { isRequired, optionLabel, SURVEY_FIELDS } from './survey-fields';

interface SurveyFieldProps {
  field: BetaFeedbackField;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

function RequiredMark() {
  return (
    <span className="ml-0.5 text-destructive" aria-hidden="true">
      *
    </span>
  );
}

/** One survey question; required ones carry an asterisk (spec section 2). */
export function SurveyField({ field, value, error, onChange }: SurveyFieldProps) {
  const config = SURVEY_FIELDS[field];
  const id = `survey-${field}`;
  const errorId = `${id}-error`;
  const required = isRequired(field);
  const invalid = error ? true : undefined;
  const describedBy = error ? errorId : undefined;

  if (config.kind === 'choice') {
    return (
      <div className="space-y-3">
        <p id={`${id}-label`} className="font-medium">
          {config.label}
          {required ? <RequiredMark /> : null}
        </p>
        <RadioGroup
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-required={required}
          aria-invalid={invalid}
          value={value}
          onValueChange={onChange}
          className="grid gap-2 sm:grid-cols-3"
        >
          {config.options.map((option) => (
            <Label
              key={option}
              htmlFor={`${id}-${option}`}
              className="flex cursor-pointer items-center gap-2 rounded-md border p-3 font-normal hover:bg-muted has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-secondary"
            >
              <RadioGroupItem id={`${id}-${option}`} value={option} />
              {optionLabel(option)}
            </Label>
          ))}
        </RadioGroup>
        <FormMessage id={errorId}>{error}</FormMessage>
      </div>
    );
  }

  const common = {
    id,
    name: field,
    value,
    required,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className="space-y-2">
      <Label htmlFor={id} className="font-medium">
        {config.label}
        {required ? <RequiredMark /> : null}
      </Label>
      {config.kind === 'textarea' ? (
        <Textarea rows={4} {...common} />
      ) : (
        <Input type={config.type ?? 'text'} autoComplete={config.autoComplete} {...common} />
      )}
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
