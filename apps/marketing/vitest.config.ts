import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Room for the async waits above on a busy machine.
    testTimeout: 15_000,
  },
});
