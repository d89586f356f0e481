import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Layers point one way (issue 10): routes may import plugins and the shared
 * modules (src/auth, src/email, src/waitlist, ...), never the other way round,
 * and a feature's route folder is its own: what two features share lives in a
 * layer both import. Issue 20: route handlers hold no SQL (a query is a
 * repository function in src/<feature>/), the API takes its types from
 * @repo/validation and never from its own client, and no two modules import
 * each other, however far round.
 */
const API = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(API, 'src');
const ROUTES = path.join(SRC, 'routes');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The specifiers a file imports (static, dynamic and re-exports). */
function specifiersOf(text: string): string[] {
  return [
    ...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g),
    ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
}

/** Relative imports of a file, resolved to absolute paths (without extension). */
function relativeImports(file: string): string[] {
  return specifiersOf(readFileSync(file, 'utf8'))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier));
}

/** The source file an import resolves to: `x.ts`, `x.tsx` or `x/index.ts`. */
function sourceFileOf(target: string, files: Set<string>): string | undefined {
  return [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find((file) =>
    files.has(file),
  );
}

/**
 * The feature a route file belongs to: `routes/api/<feature>` or, under the admin
 * plugin, `routes/api/admin/<feature>`. Files directly in `routes/api/admin` (the
 * plugin composing the admin features) belong to no feature.
 */
function featureOf(file: string): string | undefined {
  const parts = path.relative(ROUTES, file).split(path.sep);
  if (parts[0] !== 'api' || parts.length < 3) return undefined;
  if (parts[1] === 'admin') return parts.length >= 4 ? `admin/${parts[2]}` : undefined;
  return parts[1];
}

/** Route index files that compose features (and so import them). */
const COMPOSERS = new Set([path.join(SRC, 'app.ts'), path.join(ROUTES, 'api/admin/index.ts')]);

const isUnder = (file: string, dir: string) => !path.relative(dir, file).startsWith('..');

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    if (COMPOSERS.has(file)) continue;
    const from = path.relative(SRC, file);
    const ownFeature = featureOf(file);
    for (const target of relativeImports(file)) {
      if (!isUnder(target, ROUTES)) continue;
      const to = path.relative(SRC, target);
      if (!isUnder(file, ROUTES)) {
        found.push(`${from} imports the route folder ${to}`);
        continue;
      }
      const targetFeature = featureOf(target);
      if (targetFeature !== ownFeature) {
        found.push(`${from} (${ownFeature ?? 'no feature'}) imports ${to} (${targetFeature})`);
      }
    }
  }
  return found;
}

describe('module layers', () => {
  it('sees the source tree (so the sweep below cannot pass vacuously)', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    expect(relativeImports(path.join(SRC, 'app.ts')).length).toBeGreaterThan(10);
    expect(featureOf(path.join(ROUTES, 'api/admin/beta/index.ts'))).toBe('admin/beta');
    expect(featureOf(path.join(ROUTES, 'api/waitlist/index.ts'))).toBe('waitlist');
  });

  it('no plugin or shared module imports a route folder, no feature another feature', () => {
    expect(violations()).toEqual([]);
  });
});

/**
 * SQL in a file: a Kysely query builder, a sql`` template, or a query's
 * `.execute*()`. Opening a transaction (`.transaction().execute(...)`) is the
 * one `.execute` a handler may call: the queries inside it are repository calls.
 */
function sqlIn(text: string): string[] {
  const found = [
    ...text.matchAll(
      /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(/g,
    ),
    ...text.matchAll(/\bsql\s*(<[^>]*>)?\s*`/g),
  ].map((match) => match[0].replace(/\s+/g, ''));
  for (const match of text.matchAll(/\.execute\w*\s*\(/g)) {
    const before = text.slice(0, match.index).trimEnd();
    if (!before.endsWith('.transaction()')) found.push(match[0]);
  }
  return found;
}

function sqlInRoutes(): string[] {
  return sourceFiles(ROUTES).flatMap((file) =>
    sqlIn(readFileSync(file, 'utf8')).map((what) => `${path.relative(SRC, file)}: ${what}`),
  );
}

/** Files of the API (src, test, scripts) that import the API's own client package. */
function clientImports(): string[] {
  return ['src', 'test', 'scripts']
    .flatMap((dir) => sourceFiles(path.join(API, dir)))
    .filter((file) => file !== fileURLToPath(import.meta.url))
    .filter((file) =>
      specifiersOf(readFileSync(file, 'utf8')).some(
        (specifier) =>
          specifier === '@repo/api-client' || specifier.startsWith('@repo/api-client/'),
      ),
    )
    .map((file) => path.relative(API, file));
}

/** The cycles of an import graph, each as the path that closes it (a depth-first search). */
function cyclesOf(edges: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** Import cycles among the source files. */
function importCycles(): string[] {
  const files = new Set(sourceFiles(SRC));
  const edges = new Map(
    [...files].map((file) => [
      file,
      relativeImports(file).flatMap((target) => sourceFileOf(target, files) ?? []),
    ]),
  );
  return cyclesOf(edges).map((loop) => loop.map((step) => path.relative(SRC, step)).join(' -> '));
}

describe('data access per feature (issue 20)', () => {
  it('sees SQL, client imports and cycles where there are some (so the sweeps cannot pass vacuously)', () => {
    expect(sqlIn("await db.selectFrom('users').select('id').execute();")).toEqual([
      '.selectFrom(',
      '.execute(',
    ]);
    expect(sqlIn('const ping = sql`select 1`;')).toHaveLength(1);
    expect(sqlIn('await db\n  .transaction()\n  .execute((trx) => work(trx));')).toEqual([]);
    expect(
      sourceFiles(path.join(SRC, 'waitlist')).some(
        (file) => sqlIn(readFileSync(file, 'utf8')).length > 0,
      ),
    ).toBe(true);
    expect(specifiersOf("import type { Page } from '@repo/api-client';")).toEqual([
      '@repo/api-client',
    ]);
    expect(sourceFileOf(path.join(ROUTES, 'api/admin'), new Set(sourceFiles(ROUTES)))).toBe(
      path.join(ROUTES, 'api/admin/index.ts'),
    );
  });

  it('route handlers hold no SQL: their queries are repository functions', () => {
    expect(sqlInRoutes()).toEqual([]);
  });

  it('no file of the API imports @repo/api-client: its types come from @repo/validation', () => {
    expect(clientImports()).toEqual([]);
  });

  it('no source file imports itself, directly or round a cycle', () => {
    expect(importCycles()).toEqual([]);
  });
});
