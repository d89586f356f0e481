import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 20: tooling serves the apps and imports none of them, neither by a relative
 * path into apps/ nor by an app's package name. Starting an app as a process (the e2e
 * harness, the bench) is not an import and stays allowed.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const toolingDir = path.join(repoRoot, 'tooling');
const appsDir = path.join(repoRoot, 'apps');

/** Every app's package name (@repo/api, @repo/admin, ...), read from apps/. */
function appPackageNames(): string[] {
  return readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(appsDir, entry.name, 'package.json'))
    .map((file) => (JSON.parse(readFileSync(file, 'utf8')) as { name: string }).name);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(?:[cm]?[jt]s|tsx)$/.test(entry.name) ? [file] : [];
  });
}

/** The imports of a file that reach an app: `file:line specifier`. */
function appImportsOf(file: string, source: string, appNames: string[]): string[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  const lineOf = (position: number) => source.slice(0, position).split('\n').length;
  return importedFiles
    .filter(({ fileName: specifier }) => {
      if (specifier.startsWith('.')) {
        const relative = path.relative(appsDir, path.resolve(path.dirname(file), specifier));
        return !relative.startsWith('..') && !path.isAbsolute(relative);
      }
      return appNames.some((name) => specifier === name || specifier.startsWith(`${name}/`));
    })
    .map(({ fileName, pos }) => `${path.relative(repoRoot, file)}:${lineOf(pos)} ${fileName}`);
}

describe('tooling', () => {
  const files = sourceFiles(toolingDir);
  const appNames = appPackageNames();

  it('finds the files and the app names it checks', () => {
    // Guards: an empty sweep would pass whatever tooling imports.
    expect(files.length).toBeGreaterThan(20);
    expect(files).toContain(path.join(toolingDir, 'bench', 'src', 'javascript.ts'));
    expect(appNames).toEqual(
      expect.arrayContaining(['@repo/api', '@repo/admin', '@repo/marketing']),
    );
  });

  it('sees an import into an app, by relative path or by package name', () => {
    const file = path.join(toolingDir, 'bench', 'src', 'example.ts');
    const source = [
      "import { a } from '../../../apps/marketing/e2e/harness';",
      "import { b } from '@repo/admin/src/lib/api';",
      "const c = await import('@repo/api');",
      "import { d } from '@repo/e2e';",
      "import { e } from './table';",
    ].join('\n');
    expect(appImportsOf(file, source, appNames)).toEqual([
      'tooling/bench/src/example.ts:1 ../../../apps/marketing/e2e/harness',
      'tooling/bench/src/example.ts:2 @repo/admin/src/lib/api',
      'tooling/bench/src/example.ts:3 @repo/api',
    ]);
  });

  it('imports no app', () => {
    const found = files.flatMap((file) => appImportsOf(file, readFileSync(file, 'utf8'), appNames));
    expect(found).toEqual([]);
  });
});
