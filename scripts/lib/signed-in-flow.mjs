// The signed-in core on a cheap phone (issue 25 item 2), for `npm run bench:web`: seeds through the API a
// store (its owner registers and creates it), a farmer and their 200-message conversation, then cold-loads
// /chat/{id} (the farmer) and the store's inbox with that conversation open (/dashboard/chats?c={id})
// in Chromium with the throttling applied through the DevTools protocol — 150 ms RTT, 1.6 Mbps down,
// 750 kbps up, 4× CPU (Lighthouse's mobile figures) — and a warm repeat visit of each in the same
// browser profile. Each page is also run through Lighthouse (mobile, simulated throttling, signed in by
// the token in localStorage) for its simulated LCP and TBT.
import { gzipSync } from 'node:zlib';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export const THROTTLING = { latencyMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750, cpu: 4 };
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

// In the page before any of its scripts: when the newest message is first in view (rAF polling, cheap),
// LCP, layout shifts and long tasks.
const INSTRUMENT = (newest) => {
  const w = window;
  performance.setResourceTimingBufferSize(2000);
  w.__bench = { newestAt: null, lcp: 0, cls: 0, shifts: [], longTasks: [] };
  const b = w.__bench;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) b.lcp = e.renderTime || e.loadTime || e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      if (e.hadRecentInput) continue;
      b.cls += e.value;
      b.shifts.push({
        at: e.startTime,
        value: e.value,
        // what moved (BENCH_WEB_SHIFTS=1 prints it): the element and its box before → after
        sources: (e.sources ?? []).map((s) => {
          const n = s.node;
          const what = n
            ? `${n.nodeName?.toLowerCase()}${n.getAttribute?.('data-testid') ? `[${n.getAttribute('data-testid')}]` : ''} «${(n.textContent ?? '').trim().slice(0, 30)}»`
            : '?';
          const r = (x) => `${Math.round(x.left)},${Math.round(x.top)} ${Math.round(x.width)}×${Math.round(x.height)}`;
          return `${what} ${r(s.previousRect)} → ${r(s.currentRect)}`;
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) b.longTasks.push({ at: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
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

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Gzip (level 9) of the app's JS files among these URLs, read from the build (as the bundle budget counts). */
function gzipOfScripts(distDir, urls) {
  let bytes = 0;
  const files = [];
  for (const url of new Set(urls)) {
    const p = new URL(url).pathname;
    if (!p.endsWith('.js')) continue;
    const file = path.join(distDir, p);
    if (!existsSync(file)) continue;
    const size = gzipSync(readFileSync(file), { level: 9 }).length;
    bytes += size;
    files.push({ file: p, kb: kb(size) });
  }
  files.sort((a, b) => b.kb - a.kb);
  return { bytes, files };
}

/** One visit of `url` in `page` (throttled); resolves with its figures once the newest message is in view. */
async function visit(page, client, url, distDir, { olderClick }) {
  await client.send('Network.enable');
  await client.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: (THROTTLING.downloadKbps * 1024) / 8,
    uploadThroughput: (THROTTLING.uploadKbps * 1024) / 8,
  });
  await client.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpu });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__bench?.newestAt != null, null, { timeout: 60_000, polling: 100 });
  // Let the page settle (requests after the thread, the relay), then load the older messages (a
  // script's click: shifts it causes count, as a tap's within 500 ms would not).
  await page.waitForTimeout(2000);
  let older = false;
  if (olderClick) {
    older = await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('الأقدم'));
      button?.click();
      return Boolean(button);
    });
    if (older) await page.waitForTimeout(3000);
  }
  const figures = await page.evaluate(() => {
    const b = window.__bench;
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const until = b.newestAt;
    // TBT as Lighthouse counts it, between FCP and the newest message in view (plus its task).
    const tbt = b.longTasks
      .filter((t) => t.at + t.duration > fcp && t.at < until)
      .reduce((sum, t) => sum + Math.max(0, Math.min(t.at + t.duration, until) - Math.max(t.at, fcp) - 50), 0);
    const threadRequest = resources.find((r) => /\/api\/conversation\/get\/\d+/.test(r.name));
    return {
      newestAt: until,
      lcp: b.lcp,
      fcp,
      tbt,
      clsToNewest: b.shifts.filter((s) => s.at <= until).reduce((sum, s) => sum + s.value, 0),
      cls: b.cls,
      shifts: b.shifts,
      scripts: resources.filter((r) => r.startTime < until && /\.js(\?|$)/.test(r.name)).map((r) => r.name),
      scriptTransfer: resources
        .filter((r) => r.startTime < until && /\.js(\?|$)/.test(r.name))
        .reduce((sum, r) => sum + r.transferSize, 0),
      requestsBefore: resources.filter((r) => r.startTime < until).length + (nav ? 1 : 0),
      threadAnsweredAt: threadRequest ? threadRequest.responseEnd : null,
      timeline: [
        ...(nav
          ? [{ name: nav.name, start: 0, req: nav.requestStart, first: nav.responseStart, end: nav.responseEnd }]
          : []),
        ...resources
          .filter((r) => r.startTime < until)
          .map((r) => ({
            name: r.name,
            start: r.startTime,
            req: r.requestStart,
            first: r.responseStart,
            end: r.responseEnd,
          })),
      ].map((r) => ({ ...r, name: new URL(r.name).pathname })),
    };
  });
  const { bytes, files } = gzipOfScripts(distDir, figures.scripts);
  return { ...figures, older, jsGzipKb: kb(bytes), jsTransferKb: kb(figures.scriptTransfer), jsFiles: files };
}

/**
 * Cold (a fresh profile: no HTTP cache, no service worker, no saved data; only the token) then warm (the
 * same profile, a new tab) visit of `pathname` signed in as `session` (token and saved user). Playwright's Chromium from `browserType`.
 */
export async function coldAndWarm(browserType, { chromePath, flags, base, pathname, session, distDir, olderClick }) {
  const browser = await browserType.launch({ executablePath: chromePath, args: flags });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      storageState: { cookies: [], origins: [{ origin: base, localStorage: savedSession(session) }] },
    });
    await context.addInitScript(INSTRUMENT, NEWEST_TEXT);
    const page = await context.newPage();
    // BENCH_WEB_TRACE=prefix: a Chromium trace of the cold visit (prefix + the path + .json), to read where it waits.
    const trace = process.env.BENCH_WEB_TRACE;
    if (trace)
      await browser.startTracing(page, {
        path: `${trace}${pathname.replace(/\W+/g, '-')}.json`,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'blink.user_timing',
          'loading',
          'disabled-by-default-v8.cpu_profiler',
        ],
      });
    const cold = await visit(page, await context.newCDPSession(page), `${base}${pathname}`, distDir, { olderClick });
    if (trace) await browser.stopTracing();
    await page.close();
    const again = await context.newPage();
    const warm = await visit(again, await context.newCDPSession(again), `${base}${pathname}`, distDir, {
      olderClick: false,
    });
    await context.close();
    return { cold, warm };
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse (mobile, simulated throttling) of a signed-in page: the token is written into localStorage
 * from /robots.txt (no app code runs there), the HTTP cache is emptied, and Lighthouse keeps the storage
 * (`disableStorageReset`) so the page opens signed in and otherwise cold.
 */
export async function lighthouseSignedIn({ chromePath, flags, base, pathname, session }) {
  const browser = await puppeteer.launch({ executablePath: chromePath, args: flags, headless: true });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/robots.txt`);
    await page.evaluate((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, savedSession(session));
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    const result = await lighthouse(
      `${base}${pathname}`,
      { output: 'json', logLevel: 'error', disableStorageReset: true },
      { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'], disableStorageReset: true } },
      page,
    );
    const { audits, categories } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    return {
      performance: Math.round((categories.performance.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      lcpElement: audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    };
  } finally {
    await browser.close();
  }
}
