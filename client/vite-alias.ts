/**
 * `@/` → client/src, for Vite and vitest alike (tsconfig.json's `paths` says the same to TypeScript).
 * A regular expression, so `@agrivet/…` and `@chakra-ui/…` are left alone.
 */
import { fileURLToPath } from 'node:url';

export const srcAlias = [{ find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` }];
