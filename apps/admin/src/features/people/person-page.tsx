import { Card, CardContent } from '@repo/ui';
import { useParams } from 'react-router-dom';
import { PersonTimeline } from './person-timeline';

/**
 * A person's page (/admin/people/:id, issue 20): everything about one address,
 * newest first. The id is the address, the one thing every record of a person
 * shares (signup, beta, contact, survey, email), as the timeline is keyed by it.
 */
export function PersonPage() {
  const email = useParams().id ?? '';
  return (
    <Card>
      <CardContent className="p-6">
        <PersonTimeline email={email} />
      </CardContent>
    </Card>
  );
}
