import { defineConfig } from 'tsup';

// The workspace packages export TypeScript source; the API bundle inlines them,
// while third-party dependencies stay in node_modules.
export default defineConfig({
  entry: ['src/server.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@repo\//],
});
