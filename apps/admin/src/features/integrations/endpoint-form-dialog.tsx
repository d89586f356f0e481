import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@repo/api-client';
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
  RadioGroup,
  RadioGroupItem,
} from '@repo/ui';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_ENDPOINT_KINDS,
  WEBHOOK_URL_MAX,
  type WebhookEndpointKind,
  type WebhookEvent,
  webhookEndpointCreateSchema,
} from '@repo/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { api } from '@/lib/api';
import { serverFieldErrors } from '@/lib/field-issues';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { EventChecklist } from './event-checklist';
import { INTEGRATION_TOASTS, KIND_HINTS, KIND_LABELS, URL_PLACEHOLDERS } from './integration-texts';

type Field = 'kind' | 'url' | 'description' | 'events';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['kind', 'url', 'description', 'events'];

interface FormValues {
  kind: WebhookEndpointKind;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
}

const EMPTY: FormValues = { kind: 'webhook', url: '', description: '', events: [], enabled: true };

/** The first message per field, a field being the first segment of an issue's path ('events.0'). */
function fieldErrorsOf(issues: { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    const field = path.split('.')[0] as Field;
    if (FIELDS.includes(field)) errors[field] ??= message;
  }
  return errors;
}

interface EndpointFormDialogProps {
  open: boolean;
  /** The endpoint to edit; none to add one. */
  endpoint?: WebhookEndpoint | null;
  onOpenChange: (open: boolean) => void;
  /** A new endpoint was made: its answer carries the secret, shown once. */
  onCreated: (created: WebhookEndpointWithSecret) => void;
}

/**
 * Adds an endpoint or edits one (its kind is fixed once made). The schema of
 * @repo/validation checks the form first; the API's 400 field issues (an address it
 * refuses, a Slack URL that is not one) are shown on their fields.
 */
export function EndpointFormDialog(props: EndpointFormDialogProps) {
  // A fresh form each time it opens, from the endpoint edited.
  return props.open ? <OpenEndpointForm key={props.endpoint?.id ?? 'new'} {...props} /> : null;
}

function OpenEndpointForm({ endpoint, onOpenChange, onCreated }: EndpointFormDialogProps) {
  const queryClient = useQueryClient();
  const editing = Boolean(endpoint);
  const [values, setValues] = useState<FormValues>(
    endpoint
      ? {
          kind: endpoint.kind,
          url: endpoint.url,
          description: endpoint.description,
          events: [...endpoint.events],
          enabled: endpoint.enabled,
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async (input: FormValues) => {
      const { kind, ...changes } = input;
      if (endpoint) {
        const updated = await api.admin.webhooks.update(endpoint.id, changes);
        return { kind: 'updated' as const, endpoint: updated };
      }
      const created = await api.admin.webhooks.create({ kind, ...changes });
      return { kind: 'created' as const, endpoint: created };
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: [QUERY_PATHS.webhooks] });
      onOpenChange(false);
      notifySuccess(
        result.kind === 'created'
          ? INTEGRATION_TOASTS.endpointCreated
          : INTEGRATION_TOASTS.endpointSaved,
        result.endpoint.url,
      );
      if (result.kind === 'created') onCreated(result.endpoint);
    },
    onError: (error) => {
      const found = fieldErrorsOf(
        Object.entries(serverFieldErrors(error)).map(([path, message]) => ({ path, message })),
      );
      setErrors(found);
      // A message no field carries (the endpoint limit, a lost session) shows above the buttons.
      setFormError(Object.keys(found).length > 0 ? null : errorMessage(error));
    },
  });

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'enabled') setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = webhookEndpointCreateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(
        fieldErrorsOf(
          parsed.error.issues.map((issue) => ({
            path: issue.path.map(String).join('.'),
            message: issue.message,
          })),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const close = (next: boolean) => {
    if (!next && save.isPending) return;
    onOpenChange(next);
  };
  const eventsErrorId = 'webhook-events-error';

  return (
    <Dialog open onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>{editing ? 'Edit endpoint' : 'Add endpoint'}</DialogTitle>
            <DialogDescription>
              Wordloom sends each event you choose to this URL, retrying for about three days when
              it fails.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2" disabled={editing}>
            <legend className="mb-2 text-sm font-medium">Kind</legend>
            <RadioGroup
              value={values.kind}
              onValueChange={(value) => set('kind', value as WebhookEndpointKind)}
              className="grid gap-3 sm:grid-cols-2"
            >
              {WEBHOOK_ENDPOINT_KINDS.map((kind) => (
                <div key={kind} className="flex items-start gap-2">
                  <RadioGroupItem id={`webhook-kind-${kind}`} value={kind} className="mt-0.5" />
                  <Label htmlFor={`webhook-kind-${kind}`} className="grid gap-1 font-normal">
                    <span className="font-medium">{KIND_LABELS[kind]}</span>
                    <span className="text-muted-foreground">{KIND_HINTS[kind]}</span>
                  </Label>
                </div>
              ))}
            </RadioGroup>
            {errors.kind ? (
              <p className="text-sm font-medium text-destructive">{errors.kind}</p>
            ) : null}
          </fieldset>
          <FormField
            id="webhook-url"
            label="URL"
            type="url"
            inputMode="url"
            autoComplete="off"
            value={values.url}
            maxLength={WEBHOOK_URL_MAX}
            placeholder={URL_PLACEHOLDERS[values.kind]}
            error={errors.url}
            onValueChange={(value) => set('url', value)}
          />
          <FormField
            id="webhook-description"
            label="Description (optional)"
            value={values.description}
            maxLength={WEBHOOK_DESCRIPTION_MAX}
            placeholder="e.g. CRM sync"
            error={errors.description}
            onValueChange={(value) => set('description', value)}
          />
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Events</legend>
            <EventChecklist
              id="webhook-event"
              value={values.events}
              onChange={(events) => set('events', events)}
              describedBy={errors.events ? eventsErrorId : undefined}
            />
            {errors.events ? (
              <p id={eventsErrorId} className="text-sm font-medium text-destructive">
                {errors.events}
              </p>
            ) : null}
          </fieldset>
          <div className="flex items-center gap-2">
            <Checkbox
              id="webhook-enabled"
              checked={values.enabled}
              onCheckedChange={(checked) => set('enabled', checked === true)}
            />
            <Label htmlFor="webhook-enabled">Enabled</Label>
          </div>
          {formError ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive"
            >
              {formError}
            </p>
          ) : null}
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : editing ? 'Save endpoint' : 'Add endpoint'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
