import type { WebhookDelivery } from '@repo/api-client';
import {
  Button,
  Card,
  CardContent,
  Skeleton,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@repo/ui';
import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES,
  type WebhookDeliveryState,
} from '@repo/validation';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FilterSelect } from '@/components/filter-select';
import { SectionHeader } from '@/components/section-header';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { QUERY_PATHS } from '@/lib/query-paths';
import { useApiQuery } from '@/lib/use-api-query';
import { DeliveryDetailDialog } from './delivery-detail-dialog';
import { DeliveryStateBadge } from './delivery-state-badge';
import { INTEGRATION_TEXTS, KIND_LABELS, STATE_LABELS } from './integration-texts';
import { ResendFailedForm } from './resend-failed-form';
import { useDeliveries } from './use-deliveries';
import { useEndpointActions } from './use-endpoint-actions';

type StateFilter = WebhookDeliveryState | 'all';
const STATE_OPTIONS = [
  { value: 'all' as const, label: 'All states' },
  ...WEBHOOK_DELIVERY_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] })),
];

const BACK_LINK = 'text-sm font-medium underline underline-offset-4';

function DeliveryRows({
  deliveries,
  onOpen,
}: {
  deliveries: WebhookDelivery[];
  onOpen: (delivery: WebhookDelivery) => void;
}) {
  return deliveries.map((delivery) => (
    <TableRow key={delivery.id}>
      <TableCell className="min-w-0 px-2">
        <span className="grid gap-0.5">
          <span>{WEBHOOK_EVENT_LABELS[delivery.event]}</span>
          <code className="hidden break-all text-xs text-muted-foreground sm:block">
            {delivery.event}
          </code>
          {/* On a phone the state and time go under the event: they have columns from sm up. */}
          <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground sm:hidden">
            <DeliveryStateBadge state={delivery.state} />
            {formatDateTime(delivery.createdAt)}
          </span>
        </span>
      </TableCell>
      <TableCell className="px-2 max-sm:hidden">
        <DeliveryStateBadge state={delivery.state} />
      </TableCell>
      <TableCell className="px-2 max-sm:hidden">{delivery.attempts}</TableCell>
      <TableCell className="px-2 max-md:hidden">{delivery.lastStatus ?? '—'}</TableCell>
      <TableCell className="whitespace-nowrap px-2 max-md:hidden">
        {delivery.lastDurationMs === null ? '—' : `${delivery.lastDurationMs} ms`}
      </TableCell>
      <TableCell className="whitespace-nowrap px-2 max-sm:hidden">
        {formatDateTime(delivery.createdAt)}
      </TableCell>
      <TableCell className="px-2 text-right">
        <Button
          size="sm"
          variant="outline"
          onClick={() => onOpen(delivery)}
          aria-label={`Details of ${WEBHOOK_EVENT_LABELS[delivery.event]}, ${formatDateTime(delivery.createdAt)}`}
        >
          Details
        </Button>
      </TableCell>
    </TableRow>
  ));
}

/**
 * /admin/integrations/:id (issue 34): one endpoint's delivery log, filtered by state,
 * older pages on demand; a delivery's detail; resending one, or every failed one since
 * a time; and a test event.
 */
export function DeliveryLogPage() {
  const { id = '' } = useParams();
  const endpoints = useApiQuery(QUERY_PATHS.webhooks);
  const endpoint = endpoints.data?.items.find((item) => item.id === id);
  const [filter, setFilter] = useState<StateFilter>('all');
  const deliveries = useDeliveries(id, filter === 'all' ? undefined : filter);
  const [open, setOpen] = useState<WebhookDelivery | null>(null);
  const { sendTest } = useEndpointActions({ onSecret: () => undefined });

  const back = (
    <Link to="/admin/integrations" className={BACK_LINK}>
      All endpoints
    </Link>
  );
  if (endpoints.isPending) return <Skeleton className="h-72 w-full" />;
  if (!endpoint) {
    return (
      <Card>
        <CardContent className="grid gap-3 p-6 text-sm">
          <p role="alert">
            {endpoints.isError ? errorMessage(endpoints.error) : WEBHOOK_MESSAGES.notFound}
          </p>
          <p>{back}</p>
        </CardContent>
      </Card>
    );
  }

  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];
  let body;
  if (deliveries.isPending) {
    body = (
      <TableRow>
        <TableCell colSpan={7}>
          <Skeleton className="h-4 w-full" />
        </TableCell>
      </TableRow>
    );
  } else if (deliveries.isError) {
    body = (
      <TableRow>
        <TableCell colSpan={7} className="py-8 text-center">
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(deliveries.error)}
          </p>
        </TableCell>
      </TableRow>
    );
  } else if (items.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={7} className="py-8 text-center text-muted-foreground">
          {filter === 'all'
            ? INTEGRATION_TEXTS.noDeliveries
            : INTEGRATION_TEXTS.noDeliveriesInState}
        </TableCell>
      </TableRow>
    );
  } else {
    body = <DeliveryRows deliveries={items} onOpen={setOpen} />;
  }

  return (
    <Card className="min-w-0">
      <SectionHeader
        title="Delivery log"
        description={
          <span className="grid gap-1">
            <span>
              {KIND_LABELS[endpoint.kind]} endpoint{' '}
              {endpoint.description ? `${endpoint.description}, ` : ''}
              <span className="break-all">{endpoint.url}</span>. Deliveries are kept 30 days.
            </span>
            <span>{back}</span>
          </span>
        }
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => void deliveries.refetch()}
              disabled={deliveries.isFetching}
            >
              Refresh
            </Button>
            <Button onClick={() => sendTest.mutate(endpoint)} disabled={sendTest.isPending}>
              Send test event
            </Button>
          </>
        }
      />
      <CardContent className="grid min-w-0 gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <FilterSelect
            id="webhook-delivery-state"
            label="State"
            value={filter}
            options={STATE_OPTIONS}
            onChange={setFilter}
          />
          <ResendFailedForm endpointId={endpoint.id} />
        </div>
        <Table regionLabel="Deliveries">
          <TableCaption className="sr-only">Deliveries</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead className="px-2">Event</TableHead>
              <TableHead className="px-2 max-sm:hidden">State</TableHead>
              <TableHead className="px-2 max-sm:hidden">Attempts</TableHead>
              <TableHead className="px-2 max-md:hidden">Last status</TableHead>
              <TableHead className="px-2 max-md:hidden">Duration</TableHead>
              <TableHead className="px-2 max-sm:hidden">Time</TableHead>
              <TableHead className="px-2 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>{body}</TableBody>
        </Table>
        {deliveries.hasNextPage ? (
          <Button
            variant="outline"
            className="mx-auto w-fit"
            disabled={deliveries.isFetchingNextPage}
            onClick={() => void deliveries.fetchNextPage()}
          >
            {deliveries.isFetchingNextPage ? 'Loading...' : 'Load older'}
          </Button>
        ) : null}
      </CardContent>
      <DeliveryDetailDialog
        endpointId={endpoint.id}
        delivery={open}
        onClose={() => setOpen(null)}
      />
    </Card>
  );
}
