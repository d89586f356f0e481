import {
  type AdminPost,
  apiRoutes,
  type PostPreviewLinkList,
  type PostPreviewLinkRecord,
} from '@repo/api-client';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
} from '@repo/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { errorMessage, notifyFailure, notifySuccess } from '@/lib/notify';
import { Can } from '@/lib/permissions';
import { PreviewLinkStatusBadge } from './preview-link-status-badge';

/** Who made a link (a username, or "API key <id>") and when. */
function madeBy(link: PostPreviewLinkRecord): string {
  return `Made by ${link.createdBy.label} on ${formatDateTime(link.createdAt)}`;
}

/** One link told apart from the others (several can be made in a minute): maker, made, expiry. */
function linkName(link: PostPreviewLinkRecord): string {
  return `the link ${link.createdBy.label} made on ${formatDateTime(link.createdAt)}, expiring ${formatDateTime(link.expiresAt)}`;
}

/** Until when it works, or why it no longer does. */
function lifeOf(link: PostPreviewLinkRecord): string {
  if (link.status === 'revoked' && link.revokedAt)
    return `Revoked ${formatDateTime(link.revokedAt)}${link.revokedBy ? ` by ${link.revokedBy.label}` : ''}`;
  if (link.status === 'expired') return `Expired ${formatDateTime(link.expiresAt)}`;
  return `Expires ${formatDateTime(link.expiresAt)}`;
}

/**
 * A post's preview links (issue 31): who made each, when, until when and whether
 * it opens, with Revoke (posts:write). The links themselves are never listed:
 * only their maker was shown one, once.
 */
export function PreviewLinksPanel({ post }: { post: AdminPost }) {
  const queryClient = useQueryClient();
  const path = apiRoutes.admin.posts.previewLinks(String(post.id));
  // As the revisions: the read table cannot tell this path from the post's own.
  const links = useQuery<PostPreviewLinkList>({ queryKey: [path] });
  const [revoking, setRevoking] = useState<PostPreviewLinkRecord | null>(null);
  const revoke = useMutation({
    mutationFn: (link: PostPreviewLinkRecord) =>
      api.admin.posts.revokePreviewLink(post.id, link.id),
    onSuccess: () => notifySuccess('Preview link revoked', 'It opens nothing from now on.'),
    onError: (error) => notifyFailure('Revoke failed', error),
    // A 409 (revoked meanwhile) is news too: the list is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [path] }),
  });

  const items = links.data?.items;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Preview links</CardTitle>
        <CardDescription>
          Anyone holding a link sees the post as last saved, until it expires or is revoked. A link
          stops while the account or API key that made it is disabled.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {links.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : links.isError ? (
          <p className="text-sm text-destructive">{errorMessage(links.error)}</p>
        ) : !items?.length ? (
          <p className="text-sm text-muted-foreground">No preview links made for this post.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Preview links">
            {items.map((link) => (
              <li
                key={link.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
              >
                <span className="grid min-w-0 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2">
                    <PreviewLinkStatusBadge status={link.status} />
                    <span className="break-words font-medium">{madeBy(link)}</span>
                  </span>
                  <span className="text-muted-foreground">{lifeOf(link)}</span>
                </span>
                {link.status === 'active' || link.status === 'creator_disabled' ? (
                  <Can permission="posts:write">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={revoke.isPending}
                      aria-label={`Revoke ${linkName(link)}`}
                      onClick={() => setRevoking(link)}
                    >
                      Revoke
                    </Button>
                  </Can>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this preview link?"
        description={`Whoever holds ${revoking ? linkName(revoking) : 'the link'} will be told it is not valid from now on. This cannot be undone: make a new link to share the post again.`}
        confirmLabel="Revoke link"
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </Card>
  );
}
