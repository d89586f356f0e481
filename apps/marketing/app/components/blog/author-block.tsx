import type { BlogPost } from '@repo/api-client';
import { Mail } from 'lucide-react';
import { SITE_NAME } from '~/utils/site';

// Spec section 2: one named author has a special avatar and role line; others get the logo and 'Content Creators'.
const SPECIAL_AUTHOR = {
  name: 'Maya Okafor',
  avatar: '/images/team/maya-okafor.svg',
  role: `Co-founder & CEO, ${SITE_NAME}`,
};
const GENERIC_AUTHOR = { avatar: '/images/logo.svg', role: 'Content Creators' };

function authorDetails(author: string) {
  return author === SPECIAL_AUTHOR.name
    ? { avatar: SPECIAL_AUTHOR.avatar, role: SPECIAL_AUTHOR.role, alt: `Portrait of ${author}` }
    : { avatar: GENERIC_AUTHOR.avatar, role: GENERIC_AUTHOR.role, alt: `${SITE_NAME} logo` };
}

export function AuthorBlock({
  post,
}: {
  post: Pick<BlogPost, 'author' | 'authorEmail' | 'authorBio'>;
}) {
  const details = authorDetails(post.author);
  return (
    <aside
      aria-labelledby="author-heading"
      className="flex gap-4 rounded-xl border bg-muted/40 p-6"
    >
      <img
        src={details.avatar}
        alt={details.alt}
        width={64}
        height={64}
        className="h-16 w-16 shrink-0 rounded-full"
      />
      <div>
        <h2 id="author-heading" className="text-lg font-semibold">
          {post.author}
        </h2>
        <p className="text-sm text-muted-foreground">{details.role}</p>
        {post.authorEmail ? (
          <a
            href={`mailto:${post.authorEmail}`}
            className="mt-1 inline-flex items-center gap-1 text-sm text-primary hover:underline"
          >
            <Mail className="h-4 w-4" aria-hidden="true" />
            {post.authorEmail}
          </a>
        ) : null}
        {post.authorBio ? <p className="mt-3 text-sm">{post.authorBio}</p> : null}
      </div>
    </aside>
  );
}
