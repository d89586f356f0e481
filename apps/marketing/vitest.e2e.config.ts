import { defineConfig } from 'vitest/config';

// End-to-end suite: the real API on a fresh database, the built site served by
// server/serve.js, and Debian's headless Chromium. Run `remix vite:build` first.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    fileParallelism: false,
    // Generous for a machine busy with other work (issue 9): each action waits up
    // to 20 s for its state (see the suites' contexts), never a fixed sleep.
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
