import { defineConfig } from 'vitest/config';
import { clientTestConfig, clientTestOptions, mockingTests } from './vitest.config.ts';

/** The client's test files that mock a module, each with a module registry of its own. */
export default defineConfig({
  ...clientTestConfig,
  test: {
    name: 'client-isolated',
    include: mockingTests,
    ...clientTestOptions,
  },
});
