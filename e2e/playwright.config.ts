import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, testChromium } from './tests/support/chromium';

/**
 * End-to-end tests in Debian's Chromium (its headless shell when installed: tests/support/chromium.ts)
 * against the built product (`npm run build` first; the root `npm test` does). global-setup.ts starts
 * `node server/dist/index.js` on a free port with a fresh SQLite database and storage directory; tests
 * read its URL from the `baseURL` fixture.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    ...devices['Desktop Chrome'],
    locale: 'ar-SY',
    timezoneId: 'Asia/Damascus',
    // Recording a trace costs every test its DOM snapshots and screencast, failing or not: 16 % of the
    // axe tests' time here (84 → 71 s). Under `npm test` (CI set) only the log is kept, so no trace;
    // a direct `npx playwright test` keeps a failing test's trace. E2E_TRACE=on|off|… overrides.
    trace:
      (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | undefined) ??
      (process.env.CI ? 'off' : 'retain-on-failure'),
    // Debian's headless shell when installed, else its Chromium (tests/support/chromium.ts).
    launchOptions: { executablePath: testChromium, args: chromiumArgs },
  },
});
