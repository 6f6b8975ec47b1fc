import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // Each test file starts the whole `npm start` composition on a free port with a fresh database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
