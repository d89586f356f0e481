import type { WebhookEndpoint } from '@repo/api-client';
import {
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@repo/ui';
import { WEBHOOK_EVENT_LABELS } from '@repo/validation';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/lib/format';
import { KIND_LABELS } from './integration-texts';

export interface EndpointHandlers {
  onEdit: (endpoint: WebhookEndpoint) => void;
  onSendTest: (endpoint: WebhookEndpoint) => void;
  onSetEnabled: (endpoint: WebhookEndpoint, enabled: boolean) => void;
  onRotateSecret: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}

/** Where an endpoint's delivery log lives. */
const deliveryLogPath = (endpoint: Pick<WebhookEndpoint, 'id'>) =>
  `/admin/integrations/${encodeURIComponent(endpoint.id)}`;

/** The endpoint's name in buttons and dialogs: its description, else its URL. */
export const endpointName = (endpoint: Pick<WebhookEndpoint, 'description' | 'url'>) =>
  endpoint.description || endpoint.url;

function Status({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.enabled) {
    return endpoint.failingSince ? (
      <Badge variant="destructive">Failing</Badge>
    ) : (
      <Badge variant="success">Enabled</Badge>
    );
  }
  return <Badge variant="outline">Disabled</Badge>;
}

/** One line of facts under the URL: "label value". */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap gap-x-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/**
 * One endpoint (issue 34): its kind, URL and description, the events it gets, its
 * state with why the API disabled it and since when it fails, and its last delivery.
 * Its one primary action opens the delivery log; the others are in its menu.
 */
export function EndpointCard({
  endpoint,
  handlers,
}: {
  endpoint: WebhookEndpoint;
  handlers: EndpointHandlers;
}) {
  const name = endpointName(endpoint);
  const count = endpoint.events.length;
  const signed = endpoint.kind === 'webhook';
  return (
    <li className="grid min-w-0 gap-3 rounded-lg border bg-background p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-start">
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{KIND_LABELS[endpoint.kind]}</Badge>
          {endpoint.source === 'zapier' ? <Badge variant="outline">Zapier</Badge> : null}
          <Status endpoint={endpoint} />
        </div>
        <h3 className="min-w-0 break-all font-mono text-sm font-medium">{endpoint.url}</h3>
        {endpoint.description ? <p className="text-sm">{endpoint.description}</p> : null}
        {!endpoint.enabled && endpoint.disabledReason ? (
          <p className="text-sm text-destructive">
            Disabled by Wordloom: {endpoint.disabledReason}
          </p>
        ) : null}
        <dl className="grid gap-1 text-sm sm:grid-cols-2">
          <Fact label="Events:">
            <details>
              <summary className="cursor-pointer underline decoration-dotted underline-offset-4">
                {count} {count === 1 ? 'event' : 'events'}
              </summary>
              <ul className="mt-1 grid gap-0.5">
                {endpoint.events.map((event) => (
                  <li key={event}>{WEBHOOK_EVENT_LABELS[event]}</li>
                ))}
              </ul>
            </details>
          </Fact>
          <Fact label="Last delivery:">
            {endpoint.lastDeliveryAt ? formatDateTime(endpoint.lastDeliveryAt) : 'None yet'}
          </Fact>
          {endpoint.failingSince ? (
            <Fact label="Failing since:">
              <span className="text-destructive">{formatDateTime(endpoint.failingSince)}</span>
            </Fact>
          ) : null}
          {signed && endpoint.secretHint ? (
            <Fact label="Secret:">
              <code className="font-mono text-xs">{endpoint.secretHint}…</code>
              {endpoint.previousSecretExpiresAt ? (
                <span className="text-muted-foreground">
                  {' '}
                  (the previous one signs until {formatDateTime(endpoint.previousSecretExpiresAt)})
                </span>
              ) : null}
            </Fact>
          ) : null}
        </dl>
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        <Button asChild size="sm">
          <Link to={deliveryLogPath(endpoint)} aria-label={`Deliveries of ${name}`}>
            Deliveries
          </Link>
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="sm" variant="outline" aria-label={`More actions for ${name}`}>
              More
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => handlers.onEdit(endpoint)}>Edit</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => handlers.onSendTest(endpoint)}>
              Send test event
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => handlers.onSetEnabled(endpoint, !endpoint.enabled)}>
              {endpoint.enabled ? 'Disable' : 'Enable'}
            </DropdownMenuItem>
            {signed ? (
              <DropdownMenuItem onSelect={() => handlers.onRotateSecret(endpoint)}>
                Rotate secret
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuSeparator />
            <DropdownMenuItem
              className="text-destructive focus:text-destructive"
              onSelect={() => handlers.onDelete(endpoint)}
            >
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}
