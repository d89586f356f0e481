import type { WebhookEndpoint } from '@repo/api-client';
import { Button, Card, CardContent, Skeleton } from '@repo/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SectionHeader } from '@/components/section-header';
import { useCan } from '@/lib/permissions';
import { errorMessage } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';
import { EndpointCard, type EndpointHandlers, endpointName } from './endpoint-card';
import { EndpointFormDialog } from './endpoint-form-dialog';
import { INTEGRATION_TEXTS } from './integration-texts';
import { SecretDialog, type ShownSecret } from './secret-dialog';
import { useEndpointActions } from './use-endpoint-actions';

type Editing = { endpoint: WebhookEndpoint | null } | null;

/**
 * /admin/integrations (issue 34, webhooks:manage): the webhook and Slack endpoints,
 * adding and editing them, and what each one offers (test, enable, rotate, delete).
 */
export function IntegrationsPage() {
  const endpoints = useApiQuery(QUERY_PATHS.webhooks);
  const canManageKeys = useCan('keys:manage');
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const actions = useEndpointActions({ onSecret: setSecret });

  const handlers: EndpointHandlers = {
    onEdit: (endpoint) => setEditing({ endpoint }),
    onSendTest: (endpoint) => actions.sendTest.mutate(endpoint),
    onSetEnabled: (endpoint, enabled) => actions.setEnabled.mutate({ endpoint, enabled }),
    onRotateSecret: setRotating,
    onDelete: setDeleting,
  };
  const items = endpoints.data?.items;

  return (
    <Card className="min-w-0">
      <SectionHeader
        title="Integrations"
        description={
          <>
            {INTEGRATION_TEXTS.sectionDescription} {INTEGRATION_TEXTS.zapierHint}
            {canManageKeys ? (
              <>
                {' '}
                <Link
                  to="/admin/api-keys"
                  className="font-medium text-foreground underline underline-offset-4"
                >
                  API keys
                </Link>
              </>
            ) : null}
          </>
        }
        actions={<Button onClick={() => setEditing({ endpoint: null })}>Add endpoint</Button>}
      />
      <CardContent>
        {endpoints.isPending ? (
          <div className="grid gap-3" aria-label="Loading endpoints">
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-28 w-full" />
          </div>
        ) : endpoints.isError ? (
          <div role="alert" className="grid justify-items-center gap-3 py-8 text-center">
            <p className="font-medium text-destructive">Could not load the endpoints</p>
            <p className="text-sm text-muted-foreground">{errorMessage(endpoints.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void endpoints.refetch()}>
              Try again
            </Button>
          </div>
        ) : items && items.length > 0 ? (
          <ul aria-label="Endpoints" className="grid gap-3">
            {items.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} handlers={handlers} />
            ))}
          </ul>
        ) : (
          <p className="py-8 text-center text-sm text-muted-foreground">
            {INTEGRATION_TEXTS.noEndpoints}
          </p>
        )}
      </CardContent>
      <EndpointFormDialog
        open={editing !== null}
        endpoint={editing?.endpoint}
        onOpenChange={(open) => !open && setEditing(null)}
        onCreated={(created) => {
          // A Slack URL is its own secret: Wordloom signs nothing it sends there.
          if (created.kind === 'webhook') {
            setSecret({ reason: 'created', url: created.url, secret: created.secret });
          }
        }}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={rotating !== null}
        title={INTEGRATION_TEXTS.rotateTitle}
        description={INTEGRATION_TEXTS.rotateDescription}
        confirmLabel="Rotate secret"
        onClose={() => setRotating(null)}
        onConfirm={() => rotating && actions.rotateSecret.mutate(rotating)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting ? `“${endpointName(deleting)}”` : 'endpoint'}?`}
        description={INTEGRATION_TEXTS.deleteDescription}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && actions.remove.mutate(deleting)}
      />
    </Card>
  );
}
