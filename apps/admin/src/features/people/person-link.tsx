import { Button } from '@repo/ui';
import { Link } from 'react-router-dom';

/** A person's page: their timeline, by the address every record of them shares. */
export function personPath(email: string): string {
  return `/admin/people/${encodeURIComponent(email.toLowerCase())}`;
}

/** A row's 'History' link to the person's page (/admin/people/:id, issue 20). */
export function PersonHistoryLink({ email, name }: { email: string; name: string }) {
  return (
    <Button asChild size="sm" variant="ghost">
      <Link to={personPath(email)} aria-label={`History of ${name}`}>
        History
      </Link>
    </Button>
  );
}
