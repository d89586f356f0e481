import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { Button, cn, Input } from '@repo/ui';
import { Check, Search } from 'lucide-react';
import { PostCard } from '~/components/blog/post-card';
import {
  blogFiltersToSearch,
  type BlogFilters,
  categoriesOf,
  filterPosts,
  hasActiveFilters,
  parseBlogFilters,
  tagsOf,
  toggle,
} from '~/utils/blog-filters';
import { toPostCardData } from '~/utils/post-card-data.server';
import { listPosts } from '~/utils/posts.server';
import { pageMeta, siteUrlFrom } from '~/utils/seo';
import { SITE_NAME } from '~/utils/site';

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const filters = parseBlogFilters(new URL(request.url).searchParams);
  const posts = await listPosts();
  return {
    filters,
    posts: filterPosts(posts, filters).map(toPostCardData),
    categories: categoriesOf(posts),
    tags: tagsOf(posts),
  };
};

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const filtered = data ? hasActiveFilters(data.filters) : false;
  return pageMeta({
    title: 'Blog: AI writing, SEO strategy and content marketing',
    description: `Guides, case studies and research from the ${SITE_NAME} team on AI writing, SEO strategy, brand voice and content workflows that scale.`,
    // Filtered views point at the unfiltered list so search engines index one page.
    path: '/blog',
    siteUrl: siteUrlFrom(matches),
    noIndex: filtered,
  });
};

function ToggleLink({
  label,
  selected,
  to,
  kind,
}: {
  label: string;
  selected: boolean;
  to: string;
  kind: string;
}) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-label={`${label}: ${selected ? `remove ${kind} filter` : `filter by ${kind}`}`}
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        selected
          ? 'border-primary bg-primary text-primary-foreground hover:bg-primary-hover'
          : 'bg-background hover:bg-muted',
      )}
    >
      {selected ? <Check className="h-3.5 w-3.5" aria-hidden="true" /> : null}
      {label}
    </Link>
  );
}

function searchFor(filters: BlogFilters) {
  return `/blog${blogFiltersToSearch(filters)}`;
}

export default function BlogIndexPage() {
  const { filters, posts, categories, tags } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const active = hasActiveFilters(filters);
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/blog';

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Blog</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">The {SITE_NAME} Blog</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Practical guides on AI writing, SEO strategy and content workflows, plus case studies from
          our beta testers.
        </p>
      </header>

      <section
        aria-labelledby="filters-heading"
        className="mt-10 space-y-6 rounded-xl border bg-muted/40 p-4 sm:p-6"
      >
        <h2 id="filters-heading" className="sr-only">
          Search and filter posts
        </h2>
        {/* Search applies on submit (spec section 4); the chosen categories and tags are kept. */}
        <Form
          method="get"
          action="/blog"
          role="search"
          preventScrollReset
          className="flex gap-2"
          key={filters.searchTerm}
        >
          {/* A plain label: it is never seen, so the kit's Label (a Radix primitive) is not loaded. */}
          <label htmlFor="blog-search" className="sr-only">
            Search posts
          </label>
          <Input
            id="blog-search"
            name="q"
            type="search"
            placeholder="Search posts…"
            defaultValue={filters.searchTerm}
            className="bg-background"
          />
          {filters.categories.map((category) => (
            <input key={category} type="hidden" name="category" value={category} />
          ))}
          {filters.tags.map((tag) => (
            <input key={tag} type="hidden" name="tag" value={tag} />
          ))}
          <Button type="submit" disabled={searching}>
            <Search aria-hidden="true" />
            Search
          </Button>
        </Form>
        <div>
          <h3 className="text-sm font-semibold">Categories</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category}>
                <ToggleLink
                  kind="category"
                  label={category}
                  selected={filters.categories.includes(category)}
                  to={searchFor({ ...filters, categories: toggle(filters.categories, category) })}
                />
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-sm font-semibold">Tags</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag}>
                <ToggleLink
                  kind="tag"
                  label={tag}
                  selected={filters.tags.includes(tag)}
                  to={searchFor({ ...filters, tags: toggle(filters.tags, tag) })}
                />
              </li>
            ))}
          </ul>
        </div>
      </section>

      {active ? (
        <div
          role="status"
          className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-secondary px-4 py-3 text-sm text-secondary-foreground"
        >
          <p>
            <span className="font-semibold">
              {posts.length} {posts.length === 1 ? 'post' : 'posts'} found
            </span>
            {filters.searchTerm ? <> for “{filters.searchTerm}”</> : null}
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to="/blog" preventScrollReset>
              Clear All Filters
            </Link>
          </Button>
        </div>
      ) : null}

      {posts.length > 0 ? (
        <ul className="mt-8 grid gap-8 md:grid-cols-2">
          {posts.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} headingLevel="h2" />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-8 rounded-xl border border-dashed px-6 py-16 text-center">
          <h2 className="text-2xl font-semibold">No posts found</h2>
          <p className="mt-2 text-muted-foreground">
            Try adjusting your search or filter criteria.
          </p>
          <Button asChild className="mt-6">
            <Link to="/blog" preventScrollReset>
              Reset Filters
            </Link>
          </Button>
        </div>
      )}
    </div>
  );
}
