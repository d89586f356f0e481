import {
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { siteRoutes } from '@repo/api-client';
import { blogPostSchema, PREVIEW_TOKEN_PATTERN } from '@repo/validation';
import { Button } from '@repo/ui';
import { Eye } from 'lucide-react';
import { PostArticle } from '~/components/blog/post-article';
import { env } from '~/env.server';
import { relatedPosts } from '~/utils/blog-filters';
import { REFERRER_META } from '~/utils/link-page';
import { renderArticle } from '~/utils/markdown.server';
import { formatPostDate, toPostCardData } from '~/utils/post-card-data.server';
import { listPostsOrEmpty } from '~/utils/posts.server';
import { RELATED_POSTS_MAX, SITE_NAME } from '~/utils/site';

/*
 * Issue 23: a post's signed preview link (POST /api/admin/posts/:id/preview-link),
 * whatever its status, rendered exactly as its page will be. Never indexed, never
 * kept by a cache (the site's page cache stores no `private` answer), so a link
 * revoked in the console (issue 31) stops on its next view.
 */

const PREVIEW_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
} as const;

const INVALID = 'This preview link is not valid: ask for a new one in the console.';
const EXPIRED = 'This preview link has expired: ask for a new one in the console.';
const UNAVAILABLE = 'The preview cannot be shown right now: try again in a moment.';

const refused = (status: number, message: string) =>
  json({ kind: 'refused' as const, message }, { status, headers: PREVIEW_HEADERS });

export const loader = async ({ params, context }: LoaderFunctionArgs) => {
  const token = params.token ?? '';
  // A token as the API makes them (issue 31: `<link id>.<signature>`); anything else,
  // issue 23's old form included, is never asked about.
  if (!PREVIEW_TOKEN_PATTERN.test(token)) return refused(404, INVALID);
  let response: Response;
  try {
    response = await fetch(`${env.API_URL}${siteRoutes.postPreviews.preview(token)}`, {
      headers: { accept: 'application/json' },
    });
  } catch {
    return refused(503, UNAVAILABLE);
  }
  if (response.status === 410) return refused(410, EXPIRED);
  if (response.status === 404 || response.status === 400) return refused(404, INVALID);
  const parsed = response.ok ? blogPostSchema.safeParse(await response.json()) : undefined;
  if (!parsed?.success) return refused(503, UNAVAILABLE);
  const { post, html } = renderArticle(parsed.data, context);
  const posts = await listPostsOrEmpty();
  return json(
    {
      kind: 'preview' as const,
      post,
      displayDate: formatPostDate(post.date),
      html,
      related: relatedPosts(post, posts, RELATED_POSTS_MAX).map(toPostCardData),
    },
    { headers: PREVIEW_HEADERS },
  );
};

export const headers: HeadersFunction = () => PREVIEW_HEADERS;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data?.kind === 'preview'
        ? `Preview: ${data.post.title} | ${SITE_NAME}`
        : `Preview | ${SITE_NAME}`,
  },
  { name: 'robots', content: 'noindex' },
  REFERRER_META,
];

export default function BlogPostPreviewPage() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'refused') {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Preview unavailable</h1>
        <p className="mt-4 text-muted-foreground">{data.message}</p>
        <Button asChild className="mt-8">
          <Link to="/blog">Go to the blog</Link>
        </Button>
      </section>
    );
  }
  return (
    <>
      <div
        role="status"
        data-preview-notice=""
        className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-sm text-amber-900"
      >
        <Eye className="mr-2 inline h-4 w-4 align-[-2px]" aria-hidden="true" />
        <strong>Preview</strong>: this post is not published. The link expires and can be revoked;
        only people who have it can see this page.
      </div>
      <PostArticle
        post={data.post}
        displayDate={data.displayDate}
        html={data.html}
        related={data.related}
      />
    </>
  );
}
