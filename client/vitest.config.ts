import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { srcAlias } from './vite-alias.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: srcAlias },
  test: {
    name: 'client',
    environment: 'jsdom',
    include: ['src/**/__tests__/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
    // Form tests type into real Chakra inputs; on a loaded 2-core machine they need more than 5 s.
    testTimeout: 20_000,
  },
});
