import { POST_STATUSES, type PostStatus } from '@repo/validation';
import { Button, Card, CardContent } from '@repo/ui';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ColumnVisibilityMenu } from '@/components/column-visibility-menu';
import { FilterSelect } from '@/components/filter-select';
import { PagedDataTable } from '@/components/paged-data-table';
import { SearchField } from '@/components/search-field';
import { SectionHeader } from '@/components/section-header';
import { usePagedList } from '@/components/use-paged-list';
import { useServerPagedTable } from '@/components/use-server-paged-table';
import { useUrlFilter, useUrlParams, useUrlSearch } from '@/components/use-url-list-state';
import { Can } from '@/lib/permissions';
import { QUERY_PATHS } from '@/lib/query-paths';
import { postsColumns } from './posts-columns';
import { usePostCatalogue } from './use-post-catalogue';

const STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Drafts',
  scheduled: 'Scheduled',
  published: 'Published',
  unpublished: 'Unpublished',
};
const STATUS_FILTERS = [
  { value: 'all', label: 'All posts' },
  ...POST_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
] as const;

const ALL_CATEGORIES = 'all';

/** The category filter, in the address as `category` (any text: categories are the posts' own). */
function useUrlCategory(): [string, (category: string) => void] {
  const [params, update] = useUrlParams();
  const category = params.get('category')?.trim() || ALL_CATEGORIES;
  const setCategory = (next: string) =>
    update({ category: next === ALL_CATEGORIES ? undefined : next });
  return [category, setCategory];
}

/** Issue 23: the blog's posts, every status, searched by title and filtered; each opens the editor. */
export function PostsTab() {
  const { text, onTextChange, search } = useUrlSearch();
  const [status, setStatus] = useUrlFilter('status', STATUS_FILTERS, 'all');
  const [category, setCategory] = useUrlCategory();
  const { categories } = usePostCatalogue();
  const categoryOptions = useMemo(() => {
    const known = category === ALL_CATEGORIES || categories.includes(category);
    return [
      { value: ALL_CATEGORIES, label: 'All categories' },
      ...(known ? categories : [category, ...categories]).map((name) => ({
        value: name,
        label: name,
      })),
    ];
  }, [categories, category]);

  const { query, paging } = usePagedList(
    QUERY_PATHS.posts,
    {
      search: search || undefined,
      status: status === 'all' ? undefined : status,
      category: category === ALL_CATEGORIES ? undefined : category,
    },
    { pageSize: 20 },
  );
  const columns = useMemo(() => postsColumns(), []);
  const table = useServerPagedTable({ ...paging, columns, enableSorting: false });
  const filtered = Boolean(search) || status !== 'all' || category !== ALL_CATEGORIES;

  return (
    <Card>
      <SectionHeader
        title="Posts"
        description="The blog's posts, newest edits first. Only published posts are on the site."
        actions={
          <Can permission="posts:write">
            <Button asChild>
              <Link to="/admin/posts/new">New post</Link>
            </Button>
          </Can>
        }
      />
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <SearchField
              id="posts-search"
              label="Search"
              placeholder="Title"
              value={text}
              onChange={onTextChange}
              className="w-full max-w-xs"
            />
            <FilterSelect
              id="posts-status"
              label="Status"
              value={status}
              options={STATUS_FILTERS}
              onChange={setStatus}
            />
            <FilterSelect
              id="posts-category"
              label="Category"
              value={category}
              options={categoryOptions}
              onChange={setCategory}
            />
          </div>
          <ColumnVisibilityMenu table={table} />
        </div>
        <PagedDataTable
          table={table}
          query={query}
          caption="Blog posts"
          emptyMessage={filtered ? 'No posts match these filters.' : 'No posts yet.'}
        />
      </CardContent>
    </Card>
  );
}
