import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testFilesThatMock } from '../scripts/lib/mocking-tests.mjs';

/**
 * Files that replace a module of the API with `vi.mock` need a module registry of their own: they run in
 * the `api-isolated` project (vitest.isolated.config.ts). Every other file shares its worker's modules
 * (`isolate: false`): each builds its own app on its own database through test/helpers/test-api, so only
 * the imported code is shared, and importing the API once per worker instead of once per file halves the
 * project's time (docs/decisions.md).
 */
export const mockingTests = testFilesThatMock(fileURLToPath(new URL('.', import.meta.url)), ['test']);

export const apiTestOptions = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    exclude: mockingTests,
    isolate: false,
    ...apiTestOptions,
  },
});
