import { defineConfig } from 'vitest/config';

// The client's own unit tests (no relay, no API). Its tests against a real relay and the real API
// live with the relay (relay/test/realtime-*.test.ts, relay-fault.test.ts).
export default defineConfig({
  test: { name: 'realtime', include: ['test/**/*.test.ts'] },
});
