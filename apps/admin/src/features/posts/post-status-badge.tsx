import type { PostStatus } from '@repo/validation';
import { Badge, type BadgeProps } from '@repo/ui';

const BADGES: Record<PostStatus, { label: string; variant: BadgeProps['variant'] }> = {
  draft: { label: 'Draft', variant: 'outline' },
  scheduled: { label: 'Scheduled', variant: 'secondary' },
  published: { label: 'Published', variant: 'success' },
  unpublished: { label: 'Unpublished', variant: 'destructive' },
};

/** A post's status in words (never by colour alone). */
export function PostStatusBadge({ status }: { status: PostStatus }) {
  const badge = BADGES[status];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}
