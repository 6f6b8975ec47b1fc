import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for a state up to 5 s, not testing-library's 1 s: `npm test` runs these files
// beside the e2e step, and a first render (its lazy modules loaded fresh) took over 1 s there once.
// A state that never comes still fails the test.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
