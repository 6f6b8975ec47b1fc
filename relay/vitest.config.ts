import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'relay',
    include: ['test/**/*.test.ts'],
    // Each test file starts its own API, relays and (for scale-out) redis-server on free ports.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
