import type { EmailTemplate } from '@repo/api-client';
import { Label, RadioGroup, RadioGroupItem } from '@repo/ui';

interface TemplatePickerProps {
  idPrefix: string;
  templates: EmailTemplate[];
  value: string;
  onChange: (templateId: string) => void;
}

/** A radio list of templates: every option visible at once, arrow keys move between them. */
export function TemplatePicker({ idPrefix, templates, value, onChange }: TemplatePickerProps) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Template</legend>
      <RadioGroup value={value} onValueChange={onChange} className="gap-2">
        {templates.map((template) => {
          const id = `${idPrefix}-${template.id}`;
          return (
            <div key={template.id} className="flex items-start gap-3 rounded-md border p-3">
              <RadioGroupItem id={id} value={template.id} className="mt-0.5" />
              <Label htmlFor={id} className="grid gap-1 font-normal leading-snug">
                <span className="font-medium">{template.name}</span>
                <span className="text-muted-foreground">{template.description}</span>
              </Label>
            </div>
          );
        })}
      </RadioGroup>
    </fieldset>
  );
}
