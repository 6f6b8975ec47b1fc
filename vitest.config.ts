import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace's unit and integration tests; each project has its own
// config beside its code (`vitest run --project api` runs one).
export default defineConfig({
  test: {
    projects: ['shared', 'api', 'relay', 'server', 'client'],
  },
});
