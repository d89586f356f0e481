/** The one table the bench prints: a Markdown table, so it can be pasted into docs/performance.md. */

type Verdict = 'pass' | 'FAIL' | 'error';

export interface Row {
  section: string;
  figure: string;
  value: string;
  budget: string;
  /** What the figure is compared with, measured in the same run ('' for absolute budgets). */
  baseline: string;
  /** The figure over its baseline ('' for absolute budgets). */
  ratio: string;
  verdict: Verdict;
}

export const KB = 1024;
export const MB = 1024 * 1024;

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function formatCount(value: number): string {
  return integer.format(value);
}

function formatPercent(ratio: number): string {
  const percent = ratio * 100;
  return `${percent < 10 ? percent.toFixed(1) : percent.toFixed(0)}%`;
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

function verdict(ok: boolean): Verdict {
  return ok ? 'pass' : 'FAIL';
}

/** A figure against a share of its baseline: `value / baseline >= minRatio`. */
export function ratioRow(options: {
  section: string;
  figure: string;
  value: number;
  baseline: number;
  minRatio: number;
  unit: string;
  /** Extra text after the value, e.g. the p99. */
  valueNote?: string;
  baselineLabel: string;
}): Row {
  const ratio = options.baseline > 0 ? options.value / options.baseline : 0;
  return {
    section: options.section,
    figure: options.figure,
    value: `${formatCount(options.value)} ${options.unit}${options.valueNote ? ` (${options.valueNote})` : ''}`,
    budget: `≥ ${formatPercent(options.minRatio)} of baseline`,
    baseline: `${formatCount(options.baseline)} ${options.unit} (${options.baselineLabel})`,
    ratio: formatPercent(ratio),
    verdict: verdict(ratio >= options.minRatio),
  };
}

/** A figure against an absolute budget. */
export function absoluteRow(options: {
  section: string;
  figure: string;
  value: string;
  budget: string;
  ok: boolean;
  baseline?: string;
}): Row {
  return {
    section: options.section,
    figure: options.figure,
    value: options.value,
    budget: options.budget,
    baseline: options.baseline ?? '',
    ratio: '',
    verdict: verdict(options.ok),
  };
}

export function errorRow(section: string, error: unknown): Row {
  const message = error instanceof Error ? error.message : String(error);
  return {
    section,
    figure: 'section did not complete',
    value: message.split('\n')[0]!.slice(0, 160),
    budget: '',
    baseline: '',
    ratio: '',
    verdict: 'error',
  };
}

const HEADERS = ['Section', 'Figure', 'Value', 'Budget', 'Baseline (same run)', 'Ratio', 'Result'];

function cells(row: Row): string[] {
  return [row.section, row.figure, row.value, row.budget, row.baseline, row.ratio, row.verdict];
}

/** Escapes what would break a Markdown table cell. */
function cellText(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function renderTable(rows: Row[]): string {
  const matrix = [HEADERS, ...rows.map(cells)].map((line) => line.map(cellText));
  const widths = HEADERS.map((_, column) =>
    Math.max(3, ...matrix.map((line) => [...line[column]!].length)),
  );
  const pad = (text: string, width: number) => text + ' '.repeat(width - [...text].length);
  const line = (values: string[]) =>
    `| ${values.map((value, column) => pad(value, widths[column]!)).join(' | ')} |`;
  const [header, ...body] = matrix;
  return [
    line(header!),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}

export function summarize(rows: Row[]): string {
  const count = (wanted: Verdict) => rows.filter((row) => row.verdict === wanted).length;
  const failed = rows.filter((row) => row.verdict === 'FAIL');
  const parts = [`${count('pass')} pass`, `${count('FAIL')} over budget`];
  if (count('error') > 0) parts.push(`${count('error')} section(s) broke`);
  const lines = [parts.join(', ')];
  for (const row of failed) lines.push(`  over budget: ${row.section} ${row.figure}: ${row.value}`);
  return lines.join('\n');
}
