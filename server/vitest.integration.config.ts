import { defineConfig } from 'vitest/config';
import { integrationTests, serverTestOptions } from './vitest.config.ts';

/** The server's slow lane: `src/index.ts` as a child process through tsx (signals, exit codes). */
export default defineConfig({
  test: { name: 'server-integration', include: integrationTests, ...serverTestOptions },
});
