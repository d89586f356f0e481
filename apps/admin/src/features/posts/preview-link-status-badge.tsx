import type { PostPreviewLinkStatus } from '@repo/api-client';
import { Badge, type BadgeProps } from '@repo/ui';

const BADGES: Record<PostPreviewLinkStatus, { label: string; variant: BadgeProps['variant'] }> = {
  active: { label: 'Works', variant: 'success' },
  expired: { label: 'Expired', variant: 'outline' },
  revoked: { label: 'Revoked', variant: 'destructive' },
  creator_disabled: { label: 'Creator disabled', variant: 'secondary' },
};

/** Whether a preview link opens, in words (never by colour alone). */
export function PreviewLinkStatusBadge({ status }: { status: PostPreviewLinkStatus }) {
  const badge = BADGES[status];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}
