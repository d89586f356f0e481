import { cn } from '@repo/ui';
import { NavLink } from 'react-router-dom';
import { SECTION_GROUPS, type Section } from './sections';

function NavItem({ to, label, onClick }: { to: string; label: string; onClick: () => void }) {
  return (
    <li>
      <NavLink
        to={to}
        onClick={onClick}
        className={({ isActive }) =>
          cn(
            'block rounded-md px-3 py-2 text-sm text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            isActive && 'bg-muted font-medium text-foreground',
          )
        }
      >
        {label}
      </NavLink>
    </li>
  );
}

/**
 * The console's sidebar (issue 20): the sections a role may read, grouped by
 * feature, then the account's Security page. Beside the content from the large
 * breakpoint up; below it, the header's Menu button shows it over the page.
 */
export function AdminNav({
  id,
  sections,
  open,
  onNavigate,
}: {
  id: string;
  sections: readonly Section[];
  /** Shown on a small screen (the menu is open). */
  open: boolean;
  /** A link was followed: the small screen's menu closes. */
  onNavigate: () => void;
}) {
  return (
    <nav
      id={id}
      aria-label="Admin sections"
      className={cn(
        'border-b bg-background px-4 py-4 lg:sticky lg:top-0 lg:block lg:max-h-screen lg:w-48 lg:shrink-0 lg:overflow-y-auto lg:border-b-0 lg:border-r lg:bg-transparent lg:px-3 lg:py-6',
        open
          ? 'absolute inset-x-0 top-0 z-40 max-h-[calc(100vh-4rem)] overflow-y-auto shadow-lg lg:shadow-none'
          : 'hidden',
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {SECTION_GROUPS.map((group) => {
          const items = sections.filter((section) => section.group === group);
          if (items.length === 0) return null;
          const headingId = `${id}-${group.toLowerCase()}`;
          return (
            <div key={group} className="grid gap-1">
              <p
                id={headingId}
                className="px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
              >
                {group}
              </p>
              <ul aria-labelledby={headingId} className="grid gap-0.5">
                {items.map((section) => (
                  <NavItem
                    key={section.path}
                    to={`/admin/${section.path}`}
                    label={section.label}
                    onClick={onNavigate}
                  />
                ))}
              </ul>
            </div>
          );
        })}
        <div className="grid gap-1">
          <p
            id={`${id}-account`}
            className="px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
          >
            Account
          </p>
          <ul aria-labelledby={`${id}-account`} className="grid gap-0.5">
            <NavItem to="/security" label="Security" onClick={onNavigate} />
          </ul>
        </div>
      </div>
    </nav>
  );
}
