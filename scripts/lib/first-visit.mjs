/**
 * The bytes a first visit downloads (issue 24: at most 300 KB): a fresh browser context opens `url`,
 * every request is counted — the page's and the service worker's own (precache, warm-up) — until the
 * network is idle: the page loaded, the worker controls it, what the page loaded is in its caches
 * (unless Save-Data: then nothing is fetched in the background) and no request is in flight.
 * A response's bytes are its encoded body plus its headers; one read from the HTTP cache or answered
 * by the worker from its caches counts 0. Used by e2e/tests/first-visit.spec.ts.
 */

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ saveData?: boolean, viewport?: { width: number, height: number }, poll?: (fn: () => Promise<boolean>) => Promise<void> }} [options]
 */
export async function measureFirstVisit(browser, url, options = {}) {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 360, height: 740 },
    extraHTTPHeaders: options.saveData ? { 'Save-Data': 'on' } : {},
  });
  /** @type {{ url: string, bytes: number, worker: boolean }[]} */
  const rows = [];
  /** Requests started and not yet finished or failed. */
  const inFlight = new Set();
  const counted = [];
  context.on('request', (request) => {
    inFlight.add(request);
  });
  context.on('requestfailed', (request) => {
    inFlight.delete(request);
  });
  context.on('requestfinished', (request) => {
    counted.push(
      (async () => {
        // null once the caller has closed the context (a request that ended after the measurement)
        const response = await request.response().catch(() => null);
        const sizes = await request.sizes().catch(() => null);
        const fromWorker = response?.fromServiceWorker() ?? false;
        const body = sizes?.responseBodySize ?? 0;
        // a response from the HTTP cache reports a body of minus its headers: nothing was downloaded
        const bytes = fromWorker || body < 0 ? 0 : body + (sizes?.responseHeadersSize ?? 0);
        rows.push({ url: request.url(), bytes, worker: request.serviceWorker() !== null });
      })().finally(() => {
        inFlight.delete(request);
      }),
    );
  });
  const poll =
    options.poll ??
    (async (fn) => {
      for (let i = 0; !(await fn()); i++) {
        if (i > 600) throw new Error('the first visit did not settle');
        await new Promise((r) => setTimeout(r, 50));
      }
    });
  try {
    const page = await context.newPage();
    if (options.saveData) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
    }
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null));
    if (!options.saveData) {
      // the warm-up (client/src/app/register-sw.ts): every file the page loaded is in a cache
      await poll(() =>
        page.evaluate(async () => {
          const files = performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name))
            .filter((u) => u.origin === location.origin && /^\/(assets|images|icons)\//.test(u.pathname));
          const found = await Promise.all(files.map((u) => caches.match(u.pathname)));
          return found.every(Boolean);
        }),
      );
    }
    await page.waitForLoadState('networkidle');
    await poll(async () => {
      if (process.env.FIRST_VISIT_DEBUG) console.log([...inFlight].map((r) => r.url()));
      return inFlight.size === 0;
    });
    await Promise.all(counted);
    const origin = new URL(url).origin;
    const bytes = rows.reduce((sum, r) => sum + r.bytes, 0);
    return {
      bytes,
      requests: rows.filter((r) => r.bytes > 0).length,
      workerBytes: rows.filter((r) => r.worker).reduce((sum, r) => sum + r.bytes, 0),
      rows: rows.map((r) => ({ ...r, url: r.url.startsWith(origin) ? r.url.slice(origin.length) : r.url })),
      page,
      context,
    };
  } catch (err) {
    await context.close();
    throw err;
  }
}
