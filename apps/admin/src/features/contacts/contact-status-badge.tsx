import type { ContactMessage } from '@repo/api-client';
import { Badge, type BadgeProps } from '@repo/ui';

const BADGES: Record<ContactMessage['status'], { label: string; variant: BadgeProps['variant'] }> =
  {
    new: { label: 'New', variant: 'destructive' },
    read: { label: 'Read', variant: 'outline' },
    replied: { label: 'Replied', variant: 'success' },
  };

/** Spec section 4: New (destructive), Read (outline), Replied (green). */
export function ContactStatusBadge({ status }: { status: ContactMessage['status'] }) {
  const badge = BADGES[status] ?? { label: status, variant: 'secondary' };
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}
