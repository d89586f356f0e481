import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { CHANGELOG, operationIds, type OpenApiDocument, readDocument, ROOT } from './documents';

const OPTIC = path.join(ROOT, 'tooling/openapi/node_modules/.bin/optic');
const OPERATION_LINE = /^x (GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE) (\/\S*):\s*$/;

interface BreakingOperation {
  /** `METHOD /path` */
  route: string;
  operationId: string;
  /** What the tool said about it. */
  report: string;
}

/**
 * The operations Optic's breaking-change rules (`optic diff --check`, its standard
 * ruleset: an operation, a response or a field removed, a type narrowed, a request
 * field made required...) find broken from `baseFile` to `headFile`.
 */
function breakingOperations(baseFile: string, headFile: string): BreakingOperation[] {
  const run = spawnSync(OPTIC, ['diff', baseFile, headFile, '--check'], {
    cwd: ROOT,
    encoding: 'utf8',
    // No telemetry, no colours; CI keeps it from asking anything.
    env: {
      ...process.env,
      OPTIC_TELEMETRY_LEVEL: 'off',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
      CI: 'true',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = stripVTControlCharacters(`${run.stdout}${run.stderr}`);
  if ((run.status !== 0 && run.status !== 1) || !/^Operations:/m.test(output)) {
    throw new Error(`optic diff did not run (exit ${run.status}):\n${output}`);
  }
  const base = readDocument(baseFile);
  const head = readDocument(headFile);
  const ids = new Map([...operationIds(head), ...operationIds(base)]);
  const found: BreakingOperation[] = [];
  let current: BreakingOperation | undefined;
  for (const line of output.split('\n')) {
    const match = OPERATION_LINE.exec(line);
    if (match) {
      const route = `${match[1]} ${match[2]}`;
      current = { route, operationId: ids.get(route) ?? route, report: '' };
      found.push(current);
    } else if (current && /^\s/.test(line) && line.trim()) {
      current.report += `${line}\n`;
    } else if (line.trim() && !/^\s/.test(line)) {
      current = undefined;
    }
  }
  if (run.status === 1 && found.length === 0) {
    throw new Error(`optic diff reported a failure no operation was named for:\n${output}`);
  }
  return found;
}

/**
 * docs/api-changelog.md: a `## <version>` heading per contract version, newest first,
 * and under it a list item per broken operation that starts with its operationId in
 * backticks: "- `adminWaitlist`: ...". The operationIds listed under `version`.
 */
function recordedOperations(version: string): Set<string> {
  const text = readFileSync(CHANGELOG, 'utf8');
  const recorded = new Set<string>();
  let inSection = false;
  for (const line of text.split('\n')) {
    const heading = /^## +(\S+)/.exec(line);
    if (heading) inSection = heading[1] === version;
    const item = /^- +`([^`]+)`/.exec(line);
    if (inSection && item) recorded.add(item[1]!);
  }
  return recorded;
}

function newer(version: string, than: string): boolean {
  const parts = (v: string) => v.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const [a, b] = [parts(version), parts(than)];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return false;
}

/**
 * What stops a breaking change from `base` to `head` (the committed document and a
 * fresh one): each broken operation must be named in the changelog under the fresh
 * document's version, and that version must be newer than the committed one (so an
 * entry of an earlier change never excuses a new one). Empty when nothing stops it.
 */
export function unrecordedBreakingChanges(baseFile: string, headFile: string): string[] {
  const broken = breakingOperations(baseFile, headFile);
  if (broken.length === 0) return [];
  const base: OpenApiDocument = readDocument(baseFile);
  const head: OpenApiDocument = readDocument(headFile);
  const version = head.info.version;
  const problems: string[] = [];
  if (!newer(version, base.info.version)) {
    problems.push(
      `info.version is ${version}, as in the committed document: raise API_VERSION in apps/api/src/plugins/external/openapi.ts.`,
    );
  }
  const recorded = recordedOperations(version);
  for (const operation of broken) {
    if (recorded.has(operation.operationId)) continue;
    problems.push(
      `${operation.route} (${operation.operationId}) breaks the committed contract, and docs/api-changelog.md has no "- \`${operation.operationId}\`: ..." under "## ${version}":\n${operation.report}`,
    );
  }
  return problems;
}
