import { defineConfig } from 'vitest/config';

/**
 * The slow lane (`relay-integration`, vitest.integration.config.ts): tests that start real processes
 * (redis-server, the standalone relay killed with SIGKILL) or run the browser's realtime client end to
 * end through a relay and the API, with its time-based re-syncs. Everything else here is the fast
 * `relay` project: in-process relays against the real API on a fresh SQLite file.
 */
export const integrationTests = [
  'test/relay-fault.test.ts',
  'test/relay-redis.test.ts',
  'test/relay-health.test.ts',
  'test/relay-sessions.test.ts',
  'test/session-ends.test.ts',
  'test/realtime-client.test.ts',
  'test/realtime-resync.test.ts',
  'test/realtime-outbox-limits.test.ts',
];

export const relayTestOptions = {
  // Each test file starts its own API, relays and (for scale-out) redis-server on free ports.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  fileParallelism: false,
};

export default defineConfig({
  test: {
    name: 'relay',
    include: ['test/**/*.test.ts'],
    exclude: integrationTests,
    ...relayTestOptions,
  },
});
