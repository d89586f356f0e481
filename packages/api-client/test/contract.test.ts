import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

/** Imports and re-exports of the schemas (or zod) that would survive into a bundle. */
function valueImportsOfSchemas(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
    const from = statement.moduleSpecifier;
    if (!from || !ts.isStringLiteral(from) || !/validation|^zod$/.test(from.text)) return [];
    const typeOnly = ts.isImportDeclaration(statement)
      ? statement.importClause?.isTypeOnly === true
      : statement.isTypeOnly;
    return typeOnly ? [] : [`${file}: ${from.text}`];
  });
}

describe("the client's contract", () => {
  it('reads the zod schemas as types only, so no zod reaches a browser bundle', () => {
    const files = readdirSync(SRC).map((name) => join(SRC, name));
    // Guard: types.ts is the file that reads the contract's types.
    expect(files.some((file) => file.endsWith('types.ts'))).toBe(true);
    expect(files.flatMap(valueImportsOfSchemas)).toEqual([]);
  });
});
