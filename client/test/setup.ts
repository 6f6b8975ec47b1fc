import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for a state, not a time: their ceiling (1 s by default) only decides when a
// test gives up. A screen's first render on a 2-core CI machine busy with other suites took 1.8 s once
// (order-alerts-ui.test.tsx under a load average of 10); 5 s, inside the tests' 20 s (vitest.config.ts).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
