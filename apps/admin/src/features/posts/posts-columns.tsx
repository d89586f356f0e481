import type { AdminPostPage } from '@repo/api-client';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { formatDate, formatDateTime } from '@/lib/format';
import { PostStatusBadge } from './post-status-badge';

export type PostListItem = AdminPostPage['items'][number];

/** When the post is (or will be) on the site: its publish time, else its scheduled time. */
function whenOnSite(post: PostListItem): string {
  if (post.status === 'scheduled' && post.scheduledAt)
    return `Scheduled ${formatDateTime(post.scheduledAt)}`;
  if (post.publishedAt) return formatDate(post.publishedAt);
  return '—';
}

/** The posts list (issue 23): the title opens the editor. */
export function postsColumns(): ColumnDef<PostListItem>[] {
  return [
    {
      id: 'title',
      accessorKey: 'title',
      header: 'Title',
      enableHiding: false,
      cell: ({ row }) => (
        <Link
          to={`/admin/posts/${row.original.id}`}
          className="block max-w-[14rem] truncate font-medium text-primary hover:underline"
          title={row.original.title}
        >
          {row.original.title}
        </Link>
      ),
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: 'Status',
      cell: ({ row }) => <PostStatusBadge status={row.original.status} />,
    },
    { id: 'author', accessorKey: 'author', header: 'Author' },
    { id: 'category', accessorKey: 'category', header: 'Category' },
    {
      id: 'tags',
      accessorKey: 'tags',
      header: 'Tags',
      cell: ({ row }) => (
        <span className="block max-w-[10rem] truncate" title={row.original.tags.join(', ')}>
          {row.original.tags.join(', ') || '—'}
        </span>
      ),
    },
    {
      id: 'published',
      header: 'Published or scheduled',
      cell: ({ row }) => <span className="whitespace-nowrap">{whenOnSite(row.original)}</span>,
    },
    {
      id: 'updatedAt',
      accessorKey: 'updatedAt',
      header: 'Updated',
      // The day; the time on hover (the list fits a 1280 px screen with the sidebar).
      cell: ({ row }) => (
        <span className="whitespace-nowrap" title={formatDateTime(row.original.updatedAt)}>
          {formatDate(row.original.updatedAt)}
        </span>
      ),
    },
  ];
}
