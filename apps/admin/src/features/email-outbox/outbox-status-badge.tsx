import type { DeliveryState, EmailStatus } from '@repo/api-client';
import { Badge, type BadgeProps } from '@repo/ui';

const BADGES: Record<EmailStatus, { label: string; variant: BadgeProps['variant'] }> = {
  queued: { label: 'Queued', variant: 'secondary' },
  sending: { label: 'Sending', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  // Development and tests capture mail instead of delivering it.
  captured: { label: 'Captured', variant: 'outline' },
  // Not sent: the address is suppressed on the message's stream (bounce, complaint, opt-out).
  held: { label: 'Held', variant: 'destructive' },
};

export const OUTBOX_STATUS_LABELS = Object.fromEntries(
  Object.entries(BADGES).map(([status, badge]) => [status, badge.label]),
) as Record<EmailStatus, string>;

export function OutboxStatusBadge({ status }: { status: EmailStatus }) {
  const badge = BADGES[status] ?? { label: status, variant: 'outline' };
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

const DELIVERY: Record<DeliveryState, { label: string; variant: BadgeProps['variant'] }> = {
  delivered: { label: 'Delivered', variant: 'success' },
  bounced: { label: 'Bounced', variant: 'destructive' },
  complained: { label: 'Spam complaint', variant: 'destructive' },
};

/** What Postmark reported after sending; nothing yet shows a dash. */
export function DeliveryStateBadge({ state }: { state: DeliveryState | null }) {
  if (!state) return <span className="text-muted-foreground">—</span>;
  const badge = DELIVERY[state] ?? { label: state, variant: 'outline' };
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}
