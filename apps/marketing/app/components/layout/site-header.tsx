import { Link, NavLink, useLocation } from '@remix-run/react';
import { Button } from '@repo/ui/button';
import { cn } from '@repo/ui/lib/cn';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX, NAV_LINKS } from '~/utils/site';
import { Logo } from './logo';

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );
}

/** Spec section 2, navigation bar: a toggle menu below 768 px. */
export function SiteHeader() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const showWaitlistButton = pathname !== '/beta';

  // The menu closes on every route change...
  useEffect(() => setMenuOpen(false), [pathname]);

  // ...and when the viewport becomes wide.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setMenuOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
          <span className="sr-only"> home</span>
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  className={navLinkClass}
                  prefetch="intent"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {showWaitlistButton ? (
            <Button asChild size="sm" className="hidden sm:inline-flex">
              <Link to="/beta" data-analytics-id="header-join-beta" prefetch="intent">
                Join Beta Waitlist
              </Link>
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </Button>
        </div>
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t md:hidden">
          <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  className={(state) => cn(navLinkClass(state), 'block text-base')}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            {showWaitlistButton ? (
              <li className="pt-2">
                <Button asChild className="w-full">
                  <Link to="/beta">Join Beta Waitlist</Link>
                </Button>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
