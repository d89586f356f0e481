import { useLocation, useNavigation } from '@remix-run/react';
import { type ReactNode, Suspense, useEffect } from 'react';
import { lazyComponent } from '~/utils/lazy-component';
import { whenIdle } from '~/utils/when-idle';

// Shown only while a post loads: fetched once the page is interactive and idle, not before.
const PostSkeleton = lazyComponent(() =>
  import('./post-skeleton').then((module) => module.PostSkeleton),
);

const POST_PATH = /^\/blog\/[^/]+\/?$/;

/** True while a client-side navigation loads a blog post other than the page shown. */
function isLoadingPost(
  navigation: { state: string; location?: { pathname: string } },
  currentPathname: string,
): boolean {
  const target = navigation.location?.pathname;
  return (
    navigation.state === 'loading' &&
    target !== undefined &&
    POST_PATH.test(target) &&
    target !== currentPathname
  );
}

/**
 * Spec section 2 (blog post): 'A skeleton shows while loading'. It wraps every
 * page, not only the blog's, because a post is reached from anywhere (the home
 * page's latest posts, a post's related posts, a link inside an article).
 */
export function PostLoadingSkeleton({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Issue 32: fetched and run when the browser is idle, not in hydration's tasks.
  useEffect(() => whenIdle(() => void PostSkeleton.preload()), []);
  return isLoadingPost(navigation, pathname) ? (
    <Suspense fallback={null}>
      <PostSkeleton />
    </Suspense>
  ) : (
    children
  );
}
