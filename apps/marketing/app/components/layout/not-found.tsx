import { Link } from '@remix-run/react';
import { Button } from '@repo/ui/button';

/** Spec section 2: the fallback page for any unknown address. */
export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">Error 404</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        The page you are looking for does not exist or has moved. Try one of these instead.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Back to Homepage</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/blog">Read the Blog</Link>
        </Button>
      </div>
    </section>
  );
}
