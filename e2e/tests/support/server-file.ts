import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where global-setup leaves the running server's URL for the tests (git-ignored test-results/). */
export const SERVER_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'test-results',
  'e2e-server.json',
);
