import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { testFilesThatMock } from '../scripts/lib/mocking-tests.mjs';
import { srcAlias } from './vite-alias.ts';

/**
 * Files that replace a module with `vi.mock` run in the `client-isolated` project
 * (vitest.isolated.config.ts), each with a module registry of its own. The others share their worker's
 * modules (`isolate: false`): React, Chakra and the app are imported once per worker instead of once per
 * file. So a file leaves the shared modules as it found them: test/setup.ts unmounts and clears
 * localStorage after each test, api-client.test puts back the session's registrations, toaster.test
 * plans toasts for actions of its own (docs/decisions.md).
 */
export const mockingTests = testFilesThatMock(fileURLToPath(new URL('.', import.meta.url)), ['src', 'test']);

export const clientTestConfig = {
  plugins: [react()],
  resolve: { alias: srcAlias },
};

export const clientTestOptions = {
  environment: 'jsdom',
  setupFiles: ['./test/setup.ts'],
  css: false,
  // Form tests type into real Chakra inputs; on a loaded 2-core machine they need more than 5 s.
  testTimeout: 20_000,
};

export default defineConfig({
  ...clientTestConfig,
  test: {
    name: 'client',
    include: ['src/**/__tests__/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: mockingTests,
    isolate: false,
    ...clientTestOptions,
  },
});
