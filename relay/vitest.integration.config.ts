import { defineConfig } from 'vitest/config';
import { integrationTests, relayTestOptions } from './vitest.config.ts';

/** The relay's slow lane (see integrationTests in vitest.config.ts); `npm test` runs it in the integration step. */
export default defineConfig({
  test: { name: 'relay-integration', include: integrationTests, ...relayTestOptions },
});
