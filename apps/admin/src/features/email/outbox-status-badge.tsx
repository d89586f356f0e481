import type { EmailStatus } from '@repo/api-client';
import { Badge, type BadgeProps } from '@repo/ui';

const BADGES: Record<EmailStatus, { label: string; variant: BadgeProps['variant'] }> = {
  queued: { label: 'Queued', variant: 'secondary' },
  sending: { label: 'Sending', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  // Development and tests capture mail instead of delivering it.
  captured: { label: 'Captured', variant: 'outline' },
};

export const OUTBOX_STATUS_LABELS = Object.fromEntries(
  Object.entries(BADGES).map(([status, badge]) => [status, badge.label]),
) as Record<EmailStatus, string>;

export function OutboxStatusBadge({ status }: { status: EmailStatus }) {
  const badge = BADGES[status] ?? { label: status, variant: 'outline' };
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}
