import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace's tests; each project has its own config beside its code
// (`vitest run --project api` runs one). Two lanes: the `*-integration` projects (real child
// processes, redis-server, the realtime client end to end through a relay) are the slow one —
//   npm run test:unit         vitest run --project '!*-integration'
//   npm run test:integration  vitest run --project '*-integration'
export default defineConfig({
  test: {
    projects: [
      'shared',
      'realtime',
      'api',
      'api/vitest.isolated.config.ts',
      'api/vitest.s3.config.ts',
      'relay/vitest.config.ts',
      'relay/vitest.integration.config.ts',
      'server/vitest.config.ts',
      'server/vitest.integration.config.ts',
      'client',
      'client/vitest.isolated.config.ts',
    ],
  },
});
