import { apiRoutes, type PostPendingRevisionAnswer } from '@repo/api-client';
import { Button, Card, CardContent, Skeleton } from '@repo/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { errorMessage } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { useApiQuery } from '@/lib/use-api-query';
import { PendingChangesPanel } from './pending-changes-panel';
import { PostEditor } from './post-editor';

function SavedPostEditor({ id }: { id: number }) {
  const query = useApiQuery(apiRoutes.admin.posts.post(String(id)));
  // Issue 31: the changes waiting for review. The read table cannot tell this path
  // from the post's own, so the answer's type is named here.
  const pendingQuery = useQuery<PostPendingRevisionAnswer>({
    queryKey: [apiRoutes.admin.posts.pendingRevision(String(id))],
  });
  const canPublish = useCan('posts:publish');
  // A published or discarded pending revision changes the post: the editor starts again.
  const [generation, setGeneration] = useState(0);
  if (query.isPending || pendingQuery.isPending) return <Skeleton className="h-96 w-full" />;
  if (query.isError)
    return (
      <Card>
        <CardContent className="grid gap-3 p-6 text-sm">
          <p role="alert">{errorMessage(query.error)}</p>
          <Button asChild variant="outline" className="w-fit">
            <Link to="/admin/posts">Back to the posts</Link>
          </Button>
        </CardContent>
      </Card>
    );
  const pending = pendingQuery.data?.pendingRevision ?? null;
  return (
    <>
      {pending ? (
        <PendingChangesPanel
          post={query.data}
          pending={pending}
          onSettled={() => setGeneration((current) => current + 1)}
        />
      ) : null}
      {/* One editor per post: opening another post starts a form of its own. Without
          posts:publish, a writer goes on editing the changes waiting for review. */}
      <PostEditor
        key={`${id}-${generation}`}
        post={query.data}
        pending={pending && !canPublish ? pending.snapshot : undefined}
      />
    </>
  );
}

/** /admin/posts/new and /admin/posts/:id (issue 23). */
export function PostEditorPage() {
  const { id } = useParams();
  if (id === undefined) return <PostEditor post={undefined} />;
  const postId = Number(id);
  if (!/^[1-9][0-9]{0,9}$/.test(id) || postId > 2_147_483_647)
    return <Navigate to="/admin/posts" replace />;
  return <SavedPostEditor id={postId} />;
}
