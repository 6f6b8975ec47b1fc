/**
 * Test fixtures: `baseURL` of the server global-setup started, API log-in helpers and contexts
 * signed in through storage state (the token in localStorage, as the app keeps it).
 */
import { type Browser, type BrowserContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { SERVER_ENV } from './server-env';

/**
 * This worker's server, as global setup left it: its URL and its temporary folder (the SQLite file e2e.db
 * is in it). There is one server for each worker; workers running at the same time have different
 * parallel indexes (Playwright's TEST_PARALLEL_INDEX), so they never share a server.
 */
export function serverInfo(): { url: string; tmp: string } {
  const raw = process.env[SERVER_ENV];
  if (!raw) throw new Error(`${SERVER_ENV} is not set: run the tests through playwright.config.ts (global setup)`);
  const servers = JSON.parse(raw) as { url: string; tmp: string }[];
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return servers[index % servers.length];
}

export function serverUrl(): string {
  return serverInfo().url;
}

export const DEMO = {
  admin: { phone: '0900000000', password: 'admin1234' },
  pharmacy: { phone: '0911111111', password: 'store1234' },
  clinic: { phone: '0922222222', password: 'store1234' },
  farmer: { phone: '0944444444', password: 'farmer1234' },
} as const;

export interface ApiUser {
  id: number;
  type: number;
  status: number;
  store: { id: number } | null;
}

export async function apiCall<T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${serverUrl()}/api/${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { status: number; data?: T; error?: { message: string } };
  if (json.status !== 200) throw new Error(`${path}: ${json.status} ${json.error?.message}`);
  return json.data as T;
}

export async function apiLogin(who: { phone: string; password: string }): Promise<{ token: string; user: ApiUser }> {
  return apiCall('auth/login', { body: who });
}

/**
 * A browser context signed in as `who` through storage state. Service workers follow the config's `use`
 * (blocked, but in the specs that test the worker) unless `serviceWorkers` says otherwise.
 */
export async function signedInContext(
  browser: Browser,
  who: { phone: string; password: string },
  options: { viewport?: { width: number; height: number }; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; token: string; user: ApiUser }> {
  const { token, user } = await apiLogin(who);
  const context = await browser.newContext({
    baseURL: serverUrl(),
    viewport: options.viewport,
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
    storageState: { cookies: [], origins: [{ origin: serverUrl(), localStorage: [{ name: 'token', value: token }] }] },
  });
  return { context, token, user };
}

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(serverUrl());
  },
});

export { expect };

/** How many of the page's buttons and links React owns: hydration attaches its fiber to each DOM node. */
async function reactOwnership(page: Page): Promise<{ nodes: number; owned: number }> {
  return page.evaluate(() => {
    const nodes = [...document.querySelectorAll('#root button, #root a[href]')];
    const owned = nodes.filter((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$')));
    return { nodes: nodes.length, owned: owned.length };
  });
}

/**
 * A server-rendered page answers taps only once React has hydrated it (each Suspense boundary, the lazy
 * screen's, hydrates on its own when its chunk is in). Resolves when every button and link on the page is
 * React's.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const { nodes, owned } = await reactOwnership(page);
        return nodes > 0 && owned === nodes;
      },
      { timeout: 15_000, message: 'the page did not hydrate' },
    )
    .toBe(true);
}

/** React has not taken the page yet: none of its buttons and links is React's (a slow phone's first seconds). */
export async function expectNotHydrated(page: Page): Promise<void> {
  expect((await reactOwnership(page)).owned).toBe(0);
}

/**
 * The toast comes to rest below the page's sticky top bar (its first header), not over the bar's buttons.
 * Polled: a toast slides in from above, so where it is when first visible is not where it stays.
 */
export async function expectToastBelowTopBar(page: Page, toast: Locator): Promise<void> {
  const bar = await page.locator('header').first().boundingBox();
  await expect
    .poll(async () => (await toast.boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
}

/**
 * Holds the page's live connection back (a weak link): the page loads over HTTP while its websocket waits;
 * `release()` lets it through to the server. Call it before the navigation.
 */
export async function holdLiveConnection(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await held;
    ws.connectToServer();
  });
  return { release: () => release() };
}

/**
 * The page's websockets from now on (register before the navigation that opens them): `allClosed()` is
 * true once every one of them is closed — the state in which nothing can reach the page live and its
 * outbox cannot send, what a check that something did NOT arrive waits for instead of a pause.
 */
export function websockets(page: Page): { allClosed: () => boolean; count: () => number } {
  const opened: { isClosed: () => boolean }[] = [];
  page.on('websocket', (ws) => opened.push(ws));
  return { allClosed: () => opened.every((ws) => ws.isClosed()), count: () => opened.length };
}

/**
 * The page's live connection is up: the relay's socket.io connect packet (`40…`) came over a websocket
 * (the realtime client speaks websocket only). By then the relay has joined the socket to its user and
 * store rooms (relay/src/index.ts joins them in the same tick as it sends the packet), so a push the API
 * sends afterwards reaches the page. A push sent before it does not: a test that makes one party act
 * and expects the other to hear it live waits for this first. Call it before the navigation that opens
 * the connection, and await what it returns after.
 */
export function liveConnection(page: Page, timeoutMs = 20_000): Promise<void> {
  const up = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no live connection within ${timeoutMs} ms on ${page.url()}`)),
      timeoutMs,
    );
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
  up.catch(() => {}); // a test that failed before awaiting it leaves no unhandled rejection behind
  return up;
}
