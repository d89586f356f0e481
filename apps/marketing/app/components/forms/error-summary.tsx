/** One problem the server found: the field's element id and the message beside it. */
export interface FieldProblem {
  fieldId: string;
  message: string;
}

/**
 * The GOV.UK error summary (issue 22): at the top of a form the server sent back, a
 * titled list linking each problem to its field, focused when the page loads so a
 * screen reader announces it. Each field also shows its own message beside it.
 */
export function ErrorSummary({
  problems,
  title = 'There is a problem',
}: {
  problems: readonly FieldProblem[];
  title?: string;
}) {
  if (problems.length === 0) return null;
  return (
    <div
      className="rounded-lg border-2 border-destructive p-4 text-left"
      aria-labelledby="error-summary-title"
      role="alert"
      tabIndex={-1}
      autoFocus
      data-testid="error-summary"
    >
      <h2 id="error-summary-title" className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-2 list-none space-y-1">
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a
              href={`#${problem.fieldId}`}
              className="font-medium text-destructive underline underline-offset-4"
            >
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
