import { apiRoutes } from '@repo/api-client';
import { Button, Card, CardContent, Skeleton } from '@repo/ui';
import { Link, Navigate, useParams } from 'react-router-dom';
import { errorMessage } from '@/lib/notify';
import { useApiQuery } from '@/lib/use-api-query';
import { PostEditor } from './post-editor';

function SavedPostEditor({ id }: { id: number }) {
  const query = useApiQuery(apiRoutes.admin.posts.post(String(id)));
  if (query.isPending) return <Skeleton className="h-96 w-full" />;
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
  // One editor per post: opening another post starts a form of its own.
  return <PostEditor key={id} post={query.data} />;
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
