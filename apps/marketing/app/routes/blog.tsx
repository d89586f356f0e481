import { Outlet, useLocation, useNavigation } from '@remix-run/react';
import { Suspense, useEffect } from 'react';
import { lazyComponent } from '~/utils/lazy-component';

// Shown only while a post loads: fetched once the page is interactive, not before.
const PostSkeleton = lazyComponent(() =>
  import('~/components/blog/post-skeleton').then((module) => module.PostSkeleton),
);

/** Wraps the blog pages: while a post is loading, its skeleton shows (spec section 2). */
export default function BlogLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useEffect(() => {
    void PostSkeleton.preload();
  }, []);
  const loadingPost =
    navigation.state === 'loading' &&
    navigation.location.pathname.startsWith('/blog/') &&
    navigation.location.pathname !== pathname;
  return loadingPost ? (
    <Suspense fallback={null}>
      <PostSkeleton />
    </Suspense>
  ) : (
    <Outlet />
  );
}
