// The signed-in /chat/{id} on a throttled phone, for `npm run bench:web`: seeds through the API a store
// (its owner registers and creates it), a farmer and their 200-message conversation, then opens
// /chat/{id} as the farmer in Chromium with the throttling applied through the DevTools protocol —
// 150 ms RTT, 1.6 Mbps down, 750 kbps up (Lighthouse's mobile network) and the CPU slowed by the rate
// the bench calibrated — cold (a fresh browser profile: no HTTP cache, no service worker, no saved data;
// only the token) and warm (a new tab of the same profile once the service worker is installed). The
// figure is when the thread's newest message is first on screen; the page's LCP is read beside it.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

export const NETWORK = { latencyMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750 };
export const NEWEST_TEXT = 'رسالة رقم 200';
const MESSAGES = 200;

async function api(base, p, { token, body } = {}) {
  const res = await fetch(`${base}/api/${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.status !== 200) throw new Error(`bench:web seed, ${p}: ${json.status} ${json.error?.message ?? ''}`);
  return json.data;
}

/** A store, its owner, a farmer and their conversation of 200 messages (alternating, the newest last). */
export async function seedChat(base) {
  const stamp = String(Date.now()).slice(-7);
  const owner = { phone: `091${stamp}`, password: 'bench-store-1' };
  const farmer = { phone: `094${stamp}`, password: 'bench-farmer-1' };
  await api(base, 'auth/register', {
    body: { ...owner, name: 'صاحب صيدلية القياس', type: 1, password_confirmation: owner.password },
  });
  await api(base, 'auth/register', {
    body: { ...farmer, name: 'مزارع القياس', type: 2, password_confirmation: farmer.password },
  });
  const ownerLogin = await api(base, 'auth/login', { body: owner });
  const farmerLogin = await api(base, 'auth/login', { body: farmer });
  const store = await api(base, 'store/create', {
    token: ownerLogin.token,
    body: { name_store: 'صيدلية القياس', type: 0, city: 1, address: 'دمشق، المزة' },
  });
  const conversation = await api(base, 'conversation/create', {
    token: farmerLogin.token,
    body: { store_id: store.id },
  });
  // 100 from each side (the API's write limit is 120 a minute per user), the newest from the store.
  for (let i = 1; i <= MESSAGES; i++) {
    const token = i % 2 === 0 ? ownerLogin.token : farmerLogin.token;
    const text =
      i === MESSAGES
        ? NEWEST_TEXT
        : `رسالة رقم ${i}: هل يتوفر لديكم دواء للأغنام ضد الطفيليات الداخلية، وما الجرعة المناسبة لكل رأس؟`;
    await api(base, 'message/create', {
      token,
      body: { conversation_id: conversation.id, message: text, client_id: `bench-${stamp}-${i}` },
    });
  }
  return {
    conversationId: conversation.id,
    storeId: store.id,
    // What the app keeps in localStorage once signed in: the token and the user (lib/saved-user.ts).
    farmer: { token: farmerLogin.token, user: farmerLogin.user },
    owner: { token: ownerLogin.token, user: (await api(base, 'auth/user', { token: ownerLogin.token })).user },
  };
}

// In the page before any of its scripts: when the newest message is first in view (rAF polling, cheap)
// and the page's largest contentful paint.
const INSTRUMENT = (newest) => {
  const w = window;
  w.__bench = { newestAt: null, lcp: 0 };
  const b = w.__bench;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) b.lcp = e.renderTime || e.loadTime || e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const inView = () => {
    const list = document.querySelector('[aria-label="الرسائل"]');
    if (!list) return false;
    for (const el of list.querySelectorAll('p, span, div')) {
      if (el.childElementCount === 0 && el.textContent?.trim() === newest) {
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.bottom > 0 && r.top < window.innerHeight;
      }
    }
    return false;
  };
  const tick = () => {
    if (b.newestAt === null && inView()) b.newestAt = performance.now();
    if (b.newestAt === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

/** localStorage of a signed-in browser: the token and the saved user. */
const savedSession = ({ token, user }) => [
  { name: 'token', value: token },
  { name: 'session:user', value: JSON.stringify(user) },
];

/** One visit of `url` in `page`, throttled; resolves with its figures once the newest message is in view. */
async function visit(page, client, url, cpuRate) {
  await client.send('Network.enable');
  await client.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.latencyMs,
    downloadThroughput: (NETWORK.downloadKbps * 1024) / 8,
    uploadThroughput: (NETWORK.uploadKbps * 1024) / 8,
  });
  await client.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__bench?.newestAt != null, null, { timeout: 90_000, polling: 100 });
  // LCP entries come after the paint they report: up to 5 s for a first one, then 1 s for a later one.
  await page.waitForFunction(() => window.__bench.lcp > 0, null, { timeout: 5000, polling: 100 }).catch(() => {});
  await page.waitForTimeout(1000);
  return page.evaluate(() => ({ newestAt: window.__bench.newestAt, lcp: window.__bench.lcp || null }));
}

/**
 * The host's benchmark index as Lighthouse measures it at the start of each run (its own page function,
 * run in a blank page of `context`, not throttled).
 */
async function benchmarkIndex(context) {
  const page = await context.newPage();
  try {
    return Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  } finally {
    await page.close();
  }
}

/**
 * Cold then warm visit of `base` + `pathname` signed in as `session` (token and saved user), the CPU slowed
 * `cpuRate` times. Playwright's Chromium from `browserType`, a new browser (a fresh profile) each call.
 * Returns { index (the host's benchmark index, measured first), cold: { newestAt, lcp }, warm: { … } }.
 * BENCH_TRACE=prefix: a Chromium trace of the cold visit (prefix + `traceName` + .json).
 */
export async function coldAndWarm(browserType, { chromePath, flags, base, pathname, session, cpuRate, traceName }) {
  const browser = await browserType.launch({ executablePath: chromePath, args: flags });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      storageState: { cookies: [], origins: [{ origin: base, localStorage: savedSession(session) }] },
    });
    const index = await benchmarkIndex(context);
    await context.addInitScript(INSTRUMENT, NEWEST_TEXT);
    const page = await context.newPage();
    const trace = process.env.BENCH_TRACE;
    if (trace)
      await browser.startTracing(page, {
        path: `${trace}${traceName ?? pathname.replace(/\W+/g, '-')}.json`,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'blink.user_timing',
          'loading',
          'disabled-by-default-v8.cpu_profiler',
        ],
      });
    const cold = await visit(page, await context.newCDPSession(page), `${base}${pathname}`, cpuRate);
    if (trace) await browser.stopTracing();
    // The warm visit comes once the service worker is active (its precache installed) and — 10 s at most —
    // controls the page with the files this page loaded before it did in its caches (client/src/app/
    // register-sw.ts warmUp); then 2 s for the app to persist its query cache.
    await page.evaluate(async () => {
      const installed = await Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 60_000)),
      ]);
      if (!installed) throw new Error('the service worker did not install in 60 s');
      for (const end = Date.now() + 10_000; Date.now() < end; ) {
        const files = performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name))
          .filter((u) => u.origin === location.origin && /^\/assets\//.test(u.pathname));
        const found = await Promise.all(files.map((u) => caches.match(u.pathname)));
        if (navigator.serviceWorker.controller && found.every(Boolean)) return;
        await new Promise((r) => setTimeout(r, 200));
      }
    });
    await page.waitForTimeout(2000);
    await page.close();
    const again = await context.newPage();
    const warm = await visit(again, await context.newCDPSession(again), `${base}${pathname}`, cpuRate);
    await context.close();
    return { index, cold, warm };
  } finally {
    await browser.close();
  }
}
