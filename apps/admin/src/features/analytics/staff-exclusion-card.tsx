import { Button, Card, CardContent } from '@repo/ui';
import { chooseToBeCounted, retryStaffExclusion, useStaffExclusion } from './staff-exclusion-store';
import { useOptOutPage } from './use-opt-out-page';

const SENTENCES = {
  checking: 'Checking whether this browser is excluded from the site’s analytics…',
  excluded:
    'This browser is excluded from the site’s analytics: signing in to the console marked it, so your visits to the site are not counted.',
  counted: 'This browser is counted in the site’s analytics, like a visitor’s.',
  unreachable:
    'The site could not be reached to exclude this browser from its analytics, so your visits to it may be counted.',
} as const;

/** What the hidden opt-out frame found, with the way to undo it (issue 12). */
export function StaffExclusionCard() {
  const { state } = useStaffExclusion();
  const page = useOptOutPage();
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6 text-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <h3 className="font-semibold">Staff visits</h3>
          <p role="status" className="text-muted-foreground">
            {SENTENCES[state]}
          </p>
          {page.data ? (
            <p className="text-xs text-muted-foreground">
              Console and site on different domains?{' '}
              <a
                className="underline underline-offset-2 hover:text-foreground"
                href={`${page.data.url}?action=exclude`}
                target="_blank"
                rel="noopener"
              >
                Open the site’s opt-out page
              </a>{' '}
              in this browser.
            </p>
          ) : null}
        </div>
        {state === 'excluded' ? (
          <Button variant="outline" size="sm" onClick={() => chooseToBeCounted(true)}>
            Count this browser again
          </Button>
        ) : state === 'counted' ? (
          <Button variant="outline" size="sm" onClick={() => chooseToBeCounted(false)}>
            Exclude this browser
          </Button>
        ) : state === 'unreachable' ? (
          <Button variant="outline" size="sm" onClick={retryStaffExclusion}>
            Try again
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
