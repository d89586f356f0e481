import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PostLoadingSkeleton } from './post-loading-skeleton';

interface Navigation {
  state: 'idle' | 'loading' | 'submitting';
  location?: { pathname: string };
}

const router = vi.hoisted(() => ({
  navigation: { state: 'idle' } as Navigation,
  pathname: '/',
}));

vi.mock('@remix-run/react', async () => ({
  ...(await import('../../../test/remix-stub')).remixReactStub,
  useNavigation: () => router.navigation,
  useLocation: () => ({ pathname: router.pathname }),
}));

function renderPage({ from, to }: { from: string; to?: string }) {
  router.pathname = from;
  router.navigation = to ? { state: 'loading', location: { pathname: to } } : { state: 'idle' };
  render(
    <PostLoadingSkeleton>
      <h1>The page shown</h1>
    </PostLoadingSkeleton>,
  );
}

beforeEach(() => {
  router.navigation = { state: 'idle' };
  router.pathname = '/';
});

describe('post loading skeleton', () => {
  it('shows the page while nothing loads', () => {
    renderPage({ from: '/' });
    expect(screen.getByRole('heading', { name: 'The page shown' })).toBeInTheDocument();
    expect(screen.queryByText('Loading post…')).not.toBeInTheDocument();
  });

  it.each([
    ['the home page', '/'],
    ['another page outside the blog', '/features'],
    ['the blog listing', '/blog'],
    ['another post (a related post)', '/blog/another-post'],
  ])('shows the skeleton while a post loads after a link on %s', async (_, from) => {
    renderPage({ from, to: '/blog/why-we-built-wordloom' });
    expect(await screen.findByText('Loading post…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The page shown' })).not.toBeInTheDocument();
  });

  it.each([
    ['the blog listing', '/', '/blog'],
    ['the blog listing with a trailing slash', '/', '/blog/'],
    ['a page outside the blog', '/blog/why-we-built-wordloom', '/features'],
    [
      'the same post again (a revalidation)',
      '/blog/why-we-built-wordloom',
      '/blog/why-we-built-wordloom',
    ],
  ])('keeps the page while %s loads', (_, from, to) => {
    renderPage({ from, to });
    expect(screen.getByRole('heading', { name: 'The page shown' })).toBeInTheDocument();
    expect(screen.queryByText('Loading post…')).not.toBeInTheDocument();
  });

  it('keeps the page while a form is submitting to a post', () => {
    router.pathname = '/';
    router.navigation = { state: 'submitting', location: { pathname: '/blog/a-post' } };
    render(
      <PostLoadingSkeleton>
        <h1>The page shown</h1>
      </PostLoadingSkeleton>,
    );
    expect(screen.getByRole('heading', { name: 'The page shown' })).toBeInTheDocument();
  });
});
