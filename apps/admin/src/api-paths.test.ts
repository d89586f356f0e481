import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every string and template literal in a file that starts with '/api/' (comments are not code). */
function apiPathLiterals(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node)) &&
      node.text.startsWith('/api/')
    ) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${relative(SRC, path)}:${line + 1} ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the console's API calls", () => {
  const files = sourceFiles(SRC);

  it('finds the source files it checks', () => {
    // A guard: an empty sweep would pass whatever the features write.
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((path) => path.endsWith('lib/api.ts'))).toBe(true);
  });

  it('name routes through @repo/api-client, never an /api/ path written in the console', () => {
    expect(files.flatMap(apiPathLiterals)).toEqual([]);
  });
});
