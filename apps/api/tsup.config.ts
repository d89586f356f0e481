import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'tsup';

interface PackageJson {
  dependencies?: Record<string, string>;
}

const read = (file: string): PackageJson => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
const own = read('package.json').dependencies ?? {};

/** Third-party packages imported by the workspace packages the bundle inlines. */
function thirdPartyOfWorkspace(): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (deps: Record<string, string>) => {
    for (const [name, version] of Object.entries(deps)) {
      if (!version.startsWith('workspace:')) {
        found.add(name);
      } else if (!seen.has(name)) {
        seen.add(name);
        visit(read(path.join('node_modules', name, 'package.json')).dependencies ?? {});
      }
    }
  };
  visit(own);
  return found;
}

// The workspace packages export TypeScript source, so the bundle inlines them;
// every third-party package stays external and must therefore be a dependency
// of the API itself (pnpm does not let dist/ reach a dependency's dependencies).
const missing = [...thirdPartyOfWorkspace()].filter((name) => !(name in own));
if (missing.length > 0) {
  throw new Error(`apps/api must depend on ${missing.join(', ')} (imported by workspace packages)`);
}

export default defineConfig({
  // server.js is one API process; cluster.js runs several of them (pnpm start:cluster).
  entry: ['src/server.ts', 'src/cluster.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node24',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@repo\//],
  external: Object.keys(own).filter((name) => !name.startsWith('@repo/')),
});
