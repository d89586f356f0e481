import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@repo/ui';

/** One finding of the SEO checks (issue 23), as checkPost and a refused publish (422) name it. */
export interface SeoProblem {
  code: string;
  message: string;
  /** Stops publishing unless overridden with a reason. */
  blocking: boolean;
  /** The line of the body it is on (1-based). */
  line?: number;
}

/** The blocking problems first, each group in the order found. */
function sortedProblems(problems: readonly SeoProblem[]): SeoProblem[] {
  return [...problems.filter((p) => p.blocking), ...problems.filter((p) => !p.blocking)];
}

/**
 * The post checked against the site's SEO rules: each problem in words, whether
 * it blocks publishing (said in text, not by colour alone) and its line.
 */
export function SeoPanel({
  problems,
  source,
}: {
  problems: readonly SeoProblem[] | undefined;
  /** Where the list comes from, said under the title. */
  source: string;
}) {
  const blocking = problems?.filter((problem) => problem.blocking).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">SEO checks</CardTitle>
        <CardDescription>{source}</CardDescription>
      </CardHeader>
      <CardContent>
        {problems === undefined ? (
          <p className="text-sm text-muted-foreground">Not checked yet.</p>
        ) : problems.length === 0 ? (
          <p className="text-sm" role="status">
            No problems found.
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm" role="status">
              {problems.length} {problems.length === 1 ? 'problem' : 'problems'}
              {blocking > 0 ? `, ${blocking} blocking publishing` : ''}.
            </p>
            <ul className="grid gap-2" aria-label="SEO problems">
              {sortedProblems(problems).map((problem, index) => (
                <li
                  key={`${problem.code}-${problem.line ?? ''}-${index}`}
                  className={
                    problem.blocking
                      ? 'rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm'
                      : 'rounded-md border p-3 text-sm'
                  }
                >
                  <span
                    className={
                      problem.blocking
                        ? 'font-semibold text-destructive'
                        : 'font-semibold text-muted-foreground'
                    }
                  >
                    {problem.blocking ? 'Blocks publishing: ' : 'Advice: '}
                  </span>
                  {problem.message}
                  {problem.line ? (
                    <span className="text-muted-foreground"> (line {problem.line})</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
