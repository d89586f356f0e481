import { diffLines } from 'diff';

export interface DiffLine {
  kind: 'added' | 'removed' | 'same';
  text: string;
}

/** The lines of `before` and `after`, each kept, removed or added (jsdiff's line diff). */
export function lineDiff(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const change of diffLines(before, after)) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const texts = change.value.split('\n');
    // A change that ends with its newline leaves one empty string behind.
    if (texts.at(-1) === '') texts.pop();
    for (const text of texts) lines.push({ kind, text });
  }
  return lines;
}

const LINE_STYLE = {
  added: 'bg-success/15 no-underline',
  removed: 'bg-destructive/10 line-through decoration-destructive/60',
  same: '',
} as const;
const SIGN = { added: '+', removed: '−', same: ' ' } as const;
const SPOKEN = { added: 'Added: ', removed: 'Removed: ', same: '' } as const;

/**
 * A line diff of a post's body, told without colour: each changed line has its
 * sign (+ or −) in view, is an <ins> or a <del>, and says "Added" or "Removed"
 * to a screen reader.
 */
export function RevisionDiff({
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}) {
  const lines = lineDiff(before, after);
  const added = lines.filter((line) => line.kind === 'added').length;
  const removed = lines.filter((line) => line.kind === 'removed').length;
  if (added === 0 && removed === 0) {
    return (
      <p className="text-sm">
        The body is the same in {beforeLabel} and {afterLabel}.
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        From {beforeLabel} to {afterLabel}: {added} {added === 1 ? 'line' : 'lines'} added (+),{' '}
        {removed} {removed === 1 ? 'line' : 'lines'} removed (−).
      </p>
      <ol
        aria-label="Changes to the body, line by line"
        className="max-h-[60vh] overflow-auto rounded-md border bg-muted/30 py-2 font-mono text-xs"
      >
        {lines.map((line, index) => {
          const Tag = line.kind === 'added' ? 'ins' : line.kind === 'removed' ? 'del' : 'span';
          return (
            <li key={index} className="flex whitespace-pre-wrap break-words px-2">
              <span aria-hidden="true" className="w-4 shrink-0 select-none font-bold">
                {SIGN[line.kind]}
              </span>
              <Tag className={`min-w-0 flex-1 ${LINE_STYLE[line.kind]}`}>
                {SPOKEN[line.kind] ? <span className="sr-only">{SPOKEN[line.kind]}</span> : null}
                {line.text || '\u00a0'}
              </Tag>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
