import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { Suspense, useEffect, useRef } from 'react';
import { AnalyticsProvider } from '@repo/analytics/react';
import { LazyToaster } from '@repo/ui/lazy-toaster';
import { PostLoadingSkeleton } from '~/components/blog/post-loading-skeleton';
import { SiteFooter } from '~/components/layout/site-footer';
import { SiteHeader } from '~/components/layout/site-header';
import { env } from '~/env.server';
import { markClientNavigation } from '~/utils/hydrate-when-near';
import { lazyComponent } from '~/utils/lazy-component';
import { organizationJsonLd } from '~/utils/organization';
import { SITE_NAME } from '~/utils/site';
import { FAVICON, HeldScriptsLoader } from '~/utils/held-scripts';
import { InlineStylesheet } from '~/utils/inline-stylesheet';
import { OwnScripts, OwnScrollRestoration } from '~/utils/own-scripts';

// Shown only when a loader answers 404: not part of every page's download.
const NotFound = lazyComponent(() =>
  import('~/components/layout/not-found').then((module) => module.NotFound),
);

// The icon is not among them: a browser fetches it as soon as it reads it, and when that
// fetch ends before the first paint Lighthouse's simulation counts it into the LCP (one
// more round trip: 755 against 670 ms, issue 32). The inline loader adds it after the
// paint (utils/held-scripts.tsx), in place of an empty one; without JavaScript the
// <noscript> copy below serves.
export const links: LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', title: `${SITE_NAME} Blog`, href: '/rss.xml' },
];

export const loader = (_args: LoaderFunctionArgs) => ({ siteUrl: env.PUBLIC_SITE_URL });

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { pathname } = useLocation();
  // Issue 32: sections hydrated when reached wait only on the page the document loaded.
  const firstPathname = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPathname.current) markClientNavigation();
  }, [pathname]);
  const siteUrl = data?.siteUrl ?? 'http://localhost:3000';
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4338ca" />
        <Meta />
        <InlineStylesheet />
        <Links />
        {/* An icon that needs no fetch, so the browser asks for no /favicon.ico either. */}
        <link rel="icon" href="data:," />
        <noscript>
          <link rel="icon" href={FAVICON} type="image/svg+xml" />
        </noscript>
        <script
          type="application/ld+json"
          suppressHydrationWarning
          // JSON.stringify output with '<' escaped cannot close the script element.
          dangerouslySetInnerHTML={{
            __html: JSON.stringify(organizationJsonLd(siteUrl)).replace(/</g, '\\u003c'),
          }}
        />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <AnalyticsProvider path={pathname} isHome={pathname === '/'}>
          <SiteHeader />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
          <LazyToaster />
        </AnalyticsProvider>
        <OwnScrollRestoration />
        <HeldScriptsLoader />
        <OwnScripts />
      </body>
    </html>
  );
}

export default function App() {
  // Lets end-to-end tests (and anyone debugging) tell when the page became interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <PostLoadingSkeleton>
      <Outlet />
    </PostLoadingSkeleton>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="mt-4 text-muted-foreground">
        We could not load this page. Please try again in a few moments.
      </p>
    </section>
  );
}
