import { Outlet, useLocation, useNavigation } from '@remix-run/react';
import { PostSkeleton } from '~/components/blog/post-skeleton';

/** Wraps the blog pages: while a post is loading, its skeleton shows (spec section 2). */
export default function BlogLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loadingPost =
    navigation.state === 'loading' &&
    navigation.location.pathname.startsWith('/blog/') &&
    navigation.location.pathname !== pathname;
  return loadingPost ? <PostSkeleton /> : <Outlet />;
}
