import { defineConfig } from 'vitest/config';

/** Child processes through tsx: the `server-integration` project (vitest.integration.config.ts). */
export const integrationTests = ['test/entry.test.ts', 'test/events-redis.test.ts'];

export const serverTestOptions = {
  // Each test file starts the whole `npm start` composition on a free port with a fresh database.
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    exclude: integrationTests,
    ...serverTestOptions,
  },
});
