import { defineConfig } from 'vitest/config';

// End-to-end suite: the real API on a fresh database, the built site served by
// remix-serve, and Debian's headless Chromium. Run `remix vite:build` first.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
