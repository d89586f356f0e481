import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './documents';

const REDOCLY = path.join(ROOT, 'tooling/openapi/node_modules/.bin/redocly');

function redocly(format: 'json' | 'stylish', files: string[]) {
  return spawnSync(
    REDOCLY,
    ['lint', '--config', path.join(ROOT, 'redocly.yaml'), '--format', format, ...files],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
}

/**
 * Redocly's `recommended` rules (redocly.yaml at the root; the problems accepted where
 * they are in .redocly.lint-ignore.yaml) on `files`: its report when it finds an error
 * or a warning, else undefined.
 */
export function lintProblems(files: string[]): string | undefined {
  const reports = files.flatMap((file) => {
    // One file a run: the JSON report holds one document's totals.
    const run = redocly('json', [file]);
    let totals: { errors: number; warnings: number };
    try {
      totals = (JSON.parse(run.stdout) as { totals: typeof totals }).totals;
    } catch {
      return [
        `redocly lint did not run on ${file} (exit ${run.status}):\n${run.stdout}${run.stderr}`,
      ];
    }
    if (totals.errors === 0 && totals.warnings === 0) return [];
    const report = redocly('stylish', [file]);
    return [
      `${file}: ${totals.errors} error(s), ${totals.warnings} warning(s)\n${report.stdout}${report.stderr}`,
    ];
  });
  return reports.length > 0 ? reports.join('\n') : undefined;
}
