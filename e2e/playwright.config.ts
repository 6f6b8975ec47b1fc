import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, testChromium } from './tests/support/chromium';

/**
 * End-to-end tests in Debian's Chromium (its headless shell when installed: tests/support/chromium.ts)
 * against the built product (`npm run build` first; the root `npm test` does). global-setup.ts starts
 * `node server/dist/index.js` for each worker on a free port with a fresh SQLite database and storage
 * directory; tests read their worker's URL from the `baseURL` fixture (or support/fixtures serverUrl()).
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // A file's tests run in order in one worker; two workers run two files at a time, each against a
  // server and database of its own (global-setup.ts), so specs never see each other's data. Two keep the
  // CI machine's two cores busy (one worker: about 1.2 of them). E2E_WORKERS overrides.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Under `npm test` (CI set) a failing test runs once more, in a fresh worker; if it passes then it is
  // reported as flaky — by name in Playwright's closing list, which scripts/test.mjs repeats after its
  // summary — and the run passes. A test that fails twice fails the run. Run directly: no retry.
  // (docs/decisions.md "One retry for an e2e test under CI").
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    ...devices['Desktop Chrome'],
    locale: 'ar-SY',
    timezoneId: 'Asia/Damascus',
    // Every test opens fresh contexts, and in each the service worker installs, precaches the shell and
    // takes in every file the page loaded (register-sw.ts warmUp): once per farmer's phone, but ~200 times
    // a run here, where it doubled a page's CPU (10 contexts: 10.4 → 20.2 s of Chromium and server CPU).
    // So it is blocked, and the specs that test it (pwa, offline-catalogue, first-visit, security, and
    // the offline reloads of order and chat-media) allow it (docs/decisions.md).
    serviceWorkers: 'block',
    // A click or fill waits at most this long for its element (default: the whole test's time), so a
    // step that cannot happen fails there and says which, instead of as the test's timeout.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
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
