import { Badge } from '@repo/ui';
import type { WebhookDeliveryState } from '@repo/validation';
import { STATE_LABELS } from './integration-texts';

const VARIANTS = { pending: 'outline', succeeded: 'success', failed: 'destructive' } as const;

export function DeliveryStateBadge({ state }: { state: WebhookDeliveryState }) {
  return <Badge variant={VARIANTS[state]}>{STATE_LABELS[state]}</Badge>;
}
