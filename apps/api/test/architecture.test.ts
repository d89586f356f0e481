import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Layers point one way (issue 10): routes may import plugins and the shared
 * modules (src/auth, src/email, src/waitlist, ...), never the other way round,
 * and a feature's route folder is its own: what two features share lives in a
 * layer both import.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const ROUTES = path.join(SRC, 'routes');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Relative imports (static, dynamic and re-exports) of a file, resolved to absolute paths. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers.map((specifier) => path.resolve(path.dirname(file), specifier));
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
