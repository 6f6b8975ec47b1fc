import { defineConfig } from 'vitest/config';
import { apiTestOptions, mockingTests } from './vitest.config';

/** The API's test files that mock one of its modules, each with a module registry of its own. */
export default defineConfig({
  test: {
    name: 'api-isolated',
    include: mockingTests,
    ...apiTestOptions,
  },
});
