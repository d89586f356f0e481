import { type AdminPost, apiRoutes, type PostPreviewLink } from '@repo/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
} from '@repo/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { TOAST } from '@/lib/messages';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { useCan } from '@/lib/permissions';

/**
 * A signed link to the post's page on the site, whatever its status (issue 23):
 * noindex, and it expires. Shown with Copy and Open, and when it stops working.
 * Each press makes a new link, recorded (issue 31): it needs posts:write, and
 * the post's Preview links panel lists it for revoking. Shown once, here only.
 */
export function PreviewLinkButton({ post }: { post: AdminPost }) {
  const queryClient = useQueryClient();
  const canWrite = useCan('posts:write');
  const [link, setLink] = useState<PostPreviewLink | null>(null);
  const create = useMutation({
    mutationFn: () => api.admin.posts.previewLink(post.id),
    onSuccess: (created) => {
      setLink(created);
      void queryClient.invalidateQueries({
        queryKey: [apiRoutes.admin.posts.previewLinks(String(post.id))],
      });
    },
    onError: (error) => notifyFailure('Preview link failed', error),
  });
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      notifySuccess(TOAST.copied, 'The preview link is on your clipboard.');
    } catch {
      notifyFailure(TOAST.copyFailed, TOAST.copyFailedDescription);
    }
  };

  if (!canWrite) return null;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        disabled={create.isPending}
        onClick={() => create.mutate()}
      >
        Preview link
      </Button>
      <Dialog open={link !== null} onOpenChange={(open) => !open && setLink(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Preview link</DialogTitle>
            <DialogDescription>
              Anyone with this link sees the post as it will appear on the site, as last saved.
              Search engines are told not to index it. It is shown only now; revoke it from the
              post's Preview links.
            </DialogDescription>
          </DialogHeader>
          {link ? (
            <div className="grid gap-3">
              <div className="grid gap-2">
                <Label htmlFor="post-preview-link">Link</Label>
                <Input
                  id="post-preview-link"
                  readOnly
                  value={link.url}
                  className="font-mono text-xs"
                  onFocus={(event) => event.target.select()}
                />
              </div>
              <p className="text-sm">Works until {formatDateTime(link.expiresAt)}.</p>
              <div className="flex flex-wrap gap-2">
                <Button type="button" onClick={() => void copy()}>
                  Copy link
                </Button>
                <Button asChild variant="outline">
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    Open preview
                  </a>
                </Button>
              </div>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
