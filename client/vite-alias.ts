/**
 * `@/` → client/src and `@test/` → client/test, for Vite and vitest alike (tsconfig.json's `paths`
 * says the same to TypeScript). Regular expressions, so `@agrivet/…` and `@chakra-ui/…` are left alone.
 */
import { fileURLToPath } from 'node:url';

export const srcAlias = [
  { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
  { find: /^@test\//, replacement: `${fileURLToPath(new URL('./test', import.meta.url))}/` },
];
