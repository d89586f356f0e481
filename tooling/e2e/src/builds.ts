import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const BUILT: Record<'marketing' | 'admin', string> = {
  marketing: path.join('apps', 'marketing', 'build', 'server', 'index.js'),
  admin: path.join('apps', 'admin', 'dist', 'index.html'),
};

/**
 * Builds the other app of a suite that drives both (each app's test script builds
 * only itself, and which one runs first is up to turbo), unless it is built already.
 */
export function ensureBuilt(app: 'marketing' | 'admin'): void {
  if (existsSync(path.join(repoRoot, BUILT[app]))) return;
  // A production build, as `pnpm build` makes it: the test runner's NODE_ENV=test would
  // otherwise reach the build (the site built that way sent its opt-out page without
  // the frame-ancestors that let the console frame it).
  execFileSync('pnpm', ['--filter', `@repo/${app}`, 'build'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
