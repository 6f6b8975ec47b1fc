#!/usr/bin/env node
// `npm run bench:web`: the web client before and after a change, side by side in one run, on one
// reference phone. On these shared machines figures from separate runs cannot be compared (one page's
// TBT moved from ~300 to ~700 ms between two runs twenty minutes apart), so both builds are served at once
// and measured in turn: before, after, before, after …
//
//  1. The builds: this checkout as it is (built with `npm run build`) and BENCH_BEFORE — a git ref (built
//     into a clone of its own under <tmpdir>/agrivet-bench-web/<commit>, node_modules copied from here;
//     kept for later runs) or a checkout's path (built there). Unset: the merge-base of HEAD with main.
//     Each runs as `node server/dist/index.js` on its own port with its own fresh database (the demo data).
//  2. The phone (Lighthouse 12.8's throttling.md, "Calibrating the CPU slowdown"): the CPU slowdown is the
//     host's benchmark index ÷ 600, clamped to 2–10 (~2,400 on a quiet machine of this kind: 4×, the figure
//     every earlier run used), the index the mean of two warm-up Lighthouse runs (one per build, not
//     counted). Every run reads the index again (Lighthouse's environment.benchmarkIndex; for the chat
//     Lighthouse's own page function); one more than BENCH_INDEX_TOLERANCE away from the calibration's
//     is run again, up to BENCH_INDEX_ATTEMPTS in all, keeping the closest.
//  3. The public pages (server-rendered): /, /leaf, /bone, /farm, /blog, an article, a store's products,
//     a product, a search — Lighthouse mobile, simulated Slow 4G, the calibrated CPU, a fresh browser per
//     run: LCP, TBT, the performance score, accessibility, SEO; BENCH_RUNS runs of each page per build.
//  4. The signed-in /chat/{id} of a 200-message thread (seeded through each build's API;
//     scripts/lib/signed-in-flow.mjs) under applied throttling (DevTools protocol: 150 ms RTT, 1.6 Mbps,
//     the CPU slowed by the calibrated rate): when the newest message is first on screen, cold (a fresh
//     profile) and warm (a second visit, the service worker installed); BENCH_RUNS runs per build.
//  5. The limits, after ÷ before of the medians: LCP summed over the public pages ≤ 1.15, accessibility
//     and SEO 100 on every page (after), /chat/{id} cold ≤ 1.10 and warm ≤ 1.30; TBT and the performance
//     score printed beside them, not judged. The table goes to stdout and, as markdown (with the
//     machine's load at the start and end and every run's benchmark index), to BENCH_OUT — for
//     docs/performance.md. The exit code is 0 whether the limits pass or not (2 for a bad setting).
//
//   BENCH_BEFORE=<git ref | checkout path>   BENCH_RUNS=3 runs per page and build
//   BENCH_PAGES=/,/leaf,/product,/search   only these public pages (`none`: no public page)
//   BENCH_CHAT=0   skip /chat/{id};   BENCH_BUILD=0   do not build this checkout (nor a BENCH_BEFORE path)
//   BENCH_OUT=.bench-cache/bench-web.md   BENCH_INDEX_TOLERANCE=0.25   BENCH_INDEX_ATTEMPTS=3
//   BENCH_CALIBRATION=<benchmark index>  use this index instead of measuring one (another run's phone)
//   BENCH_TLS=1   the browsers go over HTTPS and HTTP/2 through a TLS terminator (nginx) in front of each
//     server, as a deployment serves it (scripts/lib/nginx.mjs)
//   BENCH_TRACE=/tmp/trace   a Chromium trace of each cold /chat/{id} visit (prefix + build + run + .json)
//   CHROME_PATH=/usr/bin/chromium
// A smoke run of the harness: BENCH_BEFORE=HEAD~1 BENCH_PAGES=/ BENCH_RUNS=1 npm run bench:web
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as lhConstants from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { build, cloneAt, describeCheckout, resolveBefore, startProduct } from './lib/bench-checkouts.mjs';
import { startTlsTerminator } from './lib/nginx.mjs';
import { freePort } from './lib/ports.mjs';
import { coldAndWarm, NETWORK, seedChat } from './lib/signed-in-flow.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const RUNS = Number(env.BENCH_RUNS ?? 3);
const CHROME_PATH = env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu'];
const ONLY = env.BENCH_PAGES?.split(',').filter(Boolean);
const CHAT = env.BENCH_CHAT !== '0';
const OUT = path.resolve(root, env.BENCH_OUT ?? '.bench-cache/bench-web.md');
const TOLERANCE = Number(env.BENCH_INDEX_TOLERANCE ?? 0.25);
const ATTEMPTS = Math.max(1, Number(env.BENCH_INDEX_ATTEMPTS ?? 3));
const CALIBRATION = env.BENCH_CALIBRATION ? Number(env.BENCH_CALIBRATION) : null;
/** The reference phone: benchmark index ÷ this is the CPU slowdown. */
const REFERENCE_INDEX_PER_X = 600;
const LIMITS = { lcpSum: 1.15, accessibility: 100, seo: 100, chatCold: 1.1, chatWarm: 1.3 };
const SEARCH_WORD = 'بذور';
/** BENCH_PAGES names these (/product: a product of store 4, /search: a search for SEARCH_WORD). */
const PAGE_KEYS = ['/', '/leaf', '/bone', '/farm', '/blog', '/blog/1', '/products/4', '/product', '/search'];

const settingError = (message) => {
  console.error(`bench:web: ${message}`);
  process.exit(2);
};
if (!(RUNS >= 1) || !Number.isInteger(RUNS)) settingError(`BENCH_RUNS=${env.BENCH_RUNS}: a whole number ≥ 1`);
if (!(TOLERANCE > 0)) settingError(`BENCH_INDEX_TOLERANCE=${env.BENCH_INDEX_TOLERANCE}: a fraction > 0 (0.25)`);
const unknownPages = (ONLY ?? []).filter((o) => o !== 'none' && !PAGE_KEYS.includes(o));
if (unknownPages.length) settingError(`BENCH_PAGES: no page ${unknownPages.join(', ')} (pages: ${PAGE_KEYS}, none)`);
if (CALIBRATION !== null && !(CALIBRATION > 0)) settingError(`BENCH_CALIBRATION=${env.BENCH_CALIBRATION}: an index`);

// Stopped by a signal: the exit handlers (servers, TLS terminators) still run.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const log = (line) => console.log(line);
const startedAt = new Date();
const loadAtStart = load();
log(`bench:web — load average ${loadAtStart} (1 / 5 / 15 min) on ${os.cpus().length} CPUs`);

// 1. The builds.
let beforeSpec;
try {
  beforeSpec = resolveBefore(root, env.BENCH_BEFORE);
} catch (err) {
  settingError(err.message);
}
const sides = [
  { key: 'before', root: beforeSpec.root ?? null, label: '' },
  { key: 'after', root, label: '' },
];
if (env.BENCH_BUILD !== '0') build(root, log);
if (beforeSpec.commit) sides[0].root = cloneAt(root, beforeSpec.commit, log);
else if (env.BENCH_BUILD !== '0') build(beforeSpec.root, log);
for (const side of sides) side.label = describeCheckout(side.root);
sides[0].label += ` — BENCH_BEFORE: ${beforeSpec.ref ?? beforeSpec.root}`;
for (const side of sides) log(`${side.key}: ${side.label} (${side.root})`);

// Both served at once, each with its own database; BENCH_TLS: each behind its own TLS terminator.
for (const side of sides) {
  side.server = await startProduct(side.root, `bench-web-${side.key}`);
  side.web = side.server.url;
}
if (env.BENCH_TLS === '1') {
  const spki = [];
  for (const side of sides) {
    const tls = await startTlsTerminator({ port: await freePort(), upstreamPort: Number(new URL(side.web).port) });
    process.on('exit', tls.stop);
    side.tls = tls;
    side.web = tls.url;
    spki.push(...tls.chromeFlags.map((f) => f.slice(f.indexOf('=') + 1)));
  }
  CHROME_FLAGS.push(`--ignore-certificate-errors-spki-list=${spki.join(',')}`);
}
for (const side of sides) log(`${side.key} served at ${side.web}`);
const transport = env.BENCH_TLS === '1' ? 'HTTPS and HTTP/2 through nginx' : "HTTP/1.1 on the server's own port";

// The public pages: a store's products page and one of its products from the demo data.
const firstProduct = (await (await fetch(`${sides[1].server.url}/api/product/getAll?store_id=4`)).json())?.data
  ?.data?.[0];
if (!firstProduct?.id) throw new Error('the demo data has no product in store 4 (the product page to measure)');
const ALL_PAGES = [
  { key: '/', path: '/' },
  { key: '/leaf', path: '/leaf' },
  { key: '/bone', path: '/bone' },
  { key: '/farm', path: '/farm' },
  { key: '/blog', path: '/blog' },
  { key: '/blog/1', path: '/blog/1' },
  { key: '/products/4', path: '/products/4' },
  { key: '/product', path: `/product/${firstProduct.id}` },
  { key: '/search', path: `/search?q=${encodeURIComponent(SEARCH_WORD)}`, shown: `/search?q=${SEARCH_WORD}` },
];
const pages = ONLY?.includes('none') ? [] : ALL_PAGES.filter((p) => !ONLY || ONLY.includes(p.key));
for (const page of pages) {
  for (const side of sides) {
    const res = await fetch(`${side.server.url}${page.path}`);
    if (!res.ok) throw new Error(`${side.key}: GET ${page.path} answered ${res.status} (the demo data changed?)`);
  }
}

// 2. Lighthouse, a fresh browser (cold cache, no service worker) for every run.
async function lighthouseRun(url, cpuSlowdownMultiplier) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      {
        extends: 'lighthouse:default',
        settings: {
          onlyCategories: ['performance', 'accessibility', 'seo'],
          formFactor: 'mobile',
          throttlingMethod: 'simulate',
          throttling: { ...lhConstants.throttling.mobileSlow4G, cpuSlowdownMultiplier },
        },
      },
    );
    const { lhr } = result;
    const { categories, audits } = lhr;
    const missing = ['largest-contentful-paint', 'total-blocking-time']
      .filter((id) => typeof audits[id]?.numericValue !== 'number')
      .map((id) => `${id}: ${audits[id]?.errorMessage ?? 'no value'}`);
    if (lhr.runtimeError || missing.length)
      throw new Error(`Lighthouse gave no figures for ${url}: ${lhr.runtimeError?.message ?? missing.join('; ')}`);
    if (lhr.configSettings.throttling.cpuSlowdownMultiplier !== cpuSlowdownMultiplier)
      throw new Error(`Lighthouse ran with CPU ×${lhr.configSettings.throttling.cpuSlowdownMultiplier}`);
    const failed = (category) =>
      categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
        .map((ref) => ref.id);
    return {
      index: Math.round(lhr.environment.benchmarkIndex),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      seo: Math.round(categories.seo.score * 100),
      failing: [...failed('accessibility'), ...failed('seo')],
    };
  } finally {
    await chrome.kill();
  }
}

/** `run()` again when it throws (a loaded machine), twice at most. */
async function retried(what, run) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 3) throw err;
      console.warn(`  ${what}: ${String(err.message).split('\n')[0]}; again`);
    }
  }
}

// The calibration: two warm-up runs of / (one per build; their figures are not counted).
let calibration = CALIBRATION;
if (calibration === null) {
  const indexes = [];
  for (const side of sides) {
    const r = await retried(`warm-up ${side.key}`, () => lighthouseRun(`${side.web}/`, 4));
    indexes.push(r.index);
    log(`warm-up (${side.key} /): benchmark index ${r.index}`);
  }
  calibration = Math.round(indexes.reduce((a, b) => a + b, 0) / indexes.length);
}
const CPU = Math.round(Math.min(10, Math.max(2, calibration / REFERENCE_INDEX_PER_X)) * 10) / 10;
log(
  `calibration: benchmark index ${calibration}${CALIBRATION === null ? '' : ' (BENCH_CALIBRATION)'} → CPU slowdown ${CPU}× (index ÷ ${REFERENCE_INDEX_PER_X}, 2–10); a run more than ${Math.round(TOLERANCE * 100)} % off that index is run again (${ATTEMPTS} attempts at most)`,
);

const strays = (index) => Math.abs(index - calibration) / calibration > TOLERANCE;
/** Runs `run` (→ { index, … }) until its index is within the tolerance, ATTEMPTS at most; the closest one. */
async function calibrated(what, run) {
  let best = null;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const r = await retried(what, run);
    if (!best || Math.abs(r.index - calibration) < Math.abs(best.index - calibration)) best = r;
    if (!strays(r.index)) break;
    console.warn(
      `  ${what}: benchmark index ${r.index}, ${Math.round(((r.index - calibration) / calibration) * 100)} % off ${calibration}${attempt < ATTEMPTS ? '; again' : '; kept the closest'}`,
    );
  }
  return { ...best, strayed: strays(best.index) };
}

// 3. The public pages, the builds alternating run by run.
/** page key → side → runs */
const publicRuns = {};
for (const page of pages) {
  publicRuns[page.key] = { before: [], after: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const side of sides) {
      const r = await calibrated(`${side.key} ${page.key}`, () => lighthouseRun(`${side.web}${page.path}`, CPU));
      publicRuns[page.key][side.key].push(r);
      log(
        `  ${page.key} ${side.key} run ${i + 1}: LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, performance ${r.performance}, a11y ${r.accessibility}, SEO ${r.seo} — index ${r.index}, CPU ${CPU}×${r.failing.length ? ` (failing: ${r.failing.join(', ')})` : ''}`,
      );
    }
  }
}

// 4. /chat/{id}, the builds alternating run by run.
const chatRuns = { before: [], after: [] };
if (CHAT) {
  log('/chat/{id}: seeding a store, a farmer and their 200-message conversation through each build’s API …');
  for (const side of sides) side.seed = await seedChat(side.server.url);
  for (let i = 0; i < RUNS; i++) {
    for (const side of sides) {
      const r = await calibrated(`${side.key} /chat/{id}`, () =>
        coldAndWarm(chromium, {
          chromePath: CHROME_PATH,
          flags: CHROME_FLAGS,
          base: side.web,
          pathname: `/chat/${side.seed.conversationId}`,
          session: side.seed.farmer,
          cpuRate: CPU,
          traceName: `-chat-${side.key}-${i + 1}`,
        }),
      );
      chatRuns[side.key].push(r);
      log(
        `  /chat/{id} ${side.key} run ${i + 1}: newest message on screen cold ${Math.round(r.cold.newestAt)} ms (LCP ${Math.round(r.cold.lcp)} ms), warm ${Math.round(r.warm.newestAt)} ms (LCP ${Math.round(r.warm.lcp)} ms) — index ${r.index}, CPU ${CPU}×`,
      );
    }
  }
}
for (const side of sides) {
  side.tls?.stop();
  await side.server.stop();
}
const loadAtEnd = load();
log(`load average at the end: ${loadAtEnd}`);

// 5. The table and the limits.
const ms = (v) => `${Math.round(v).toLocaleString('en')} ms`;
const ratio = (after, before) => (before > 0 ? after / before : Number.NaN);
const x = (r) => (Number.isFinite(r) ? `×${r.toFixed(2)}` : '—');
const verdict = (ok) => (ok ? 'pass' : '**FAIL**');
const indexes = (runs) => runs.map((r) => `${r.index}${r.strayed ? '*' : ''}`).join(', ');
const med = (runs, f) => median(runs.map(f));
const pageRows = [];
const sums = { lcp: { before: 0, after: 0 }, tbt: { before: 0, after: 0 } };
let scoresOk = true;
for (const page of pages) {
  const { before, after } = publicRuns[page.key];
  const m = (f) => ({ before: med(before, f), after: med(after, f) });
  const lcp = m((r) => r.lcp);
  const tbt = m((r) => r.tbt);
  const perf = m((r) => r.performance);
  const a11y = m((r) => r.accessibility);
  const seo = m((r) => r.seo);
  for (const f of ['before', 'after']) {
    sums.lcp[f] += lcp[f];
    sums.tbt[f] += tbt[f];
  }
  const ok = a11y.after >= LIMITS.accessibility && seo.after >= LIMITS.seo;
  scoresOk &&= ok;
  const failing = [...new Set(after.flatMap((r) => r.failing))];
  pageRows.push(
    `| ${page.shown ?? page.path} | ${ms(lcp.before)} → ${ms(lcp.after)} (${x(ratio(lcp.after, lcp.before))}) | ${ms(tbt.before)} → ${ms(tbt.after)} | ${perf.before} → ${perf.after} | ${a11y.before} → ${a11y.after} | ${seo.before} → ${seo.after} | ${verdict(ok)}${failing.length ? ` (${failing.join(', ')})` : ''} | ${CPU}× | ${indexes(before)} / ${indexes(after)} |`,
  );
}
const limits = [];
const lcpRatio = ratio(sums.lcp.after, sums.lcp.before);
if (pages.length) {
  limits.push([
    `LCP summed over the ${pages.length} public pages: ${ms(sums.lcp.before)} → ${ms(sums.lcp.after)}`,
    x(lcpRatio),
    `≤ ×${LIMITS.lcpSum.toFixed(2)}`,
    lcpRatio <= LIMITS.lcpSum,
  ]);
  limits.push(['accessibility and SEO on every public page (after)', scoresOk ? '100' : 'below 100', '100', scoresOk]);
  limits.push([
    `TBT summed (not judged): ${ms(sums.tbt.before)} → ${ms(sums.tbt.after)}`,
    x(ratio(sums.tbt.after, sums.tbt.before)),
    '',
    null,
  ]);
}
let chatRows = [];
if (CHAT) {
  const m = (f) => ({ before: med(chatRuns.before, f), after: med(chatRuns.after, f) });
  const cold = m((r) => r.cold.newestAt);
  const warm = m((r) => r.warm.newestAt);
  const coldLcp = m((r) => r.cold.lcp);
  const warmLcp = m((r) => r.warm.lcp);
  const runsOf = (side, f) => chatRuns[side].map((r) => Math.round(f(r))).join(', ');
  chatRows = [
    `| cold (a fresh profile) | ${ms(cold.before)} → ${ms(cold.after)} | ${x(ratio(cold.after, cold.before))} ≤ ×${LIMITS.chatCold.toFixed(2)}: ${verdict(ratio(cold.after, cold.before) <= LIMITS.chatCold)} | ${runsOf('before', (r) => r.cold.newestAt)} / ${runsOf('after', (r) => r.cold.newestAt)} | ${ms(coldLcp.before)} → ${ms(coldLcp.after)} | ${CPU}× | ${indexes(chatRuns.before)} / ${indexes(chatRuns.after)} |`,
    `| warm (second visit, service worker installed) | ${ms(warm.before)} → ${ms(warm.after)} | ${x(ratio(warm.after, warm.before))} ≤ ×${LIMITS.chatWarm.toFixed(2)}: ${verdict(ratio(warm.after, warm.before) <= LIMITS.chatWarm)} | ${runsOf('before', (r) => r.warm.newestAt)} / ${runsOf('after', (r) => r.warm.newestAt)} | ${ms(warmLcp.before)} → ${ms(warmLcp.after)} | ${CPU}× | (same runs) |`,
  ];
  limits.push([
    `/chat/{id} cold, newest message on screen: ${ms(cold.before)} → ${ms(cold.after)}`,
    x(ratio(cold.after, cold.before)),
    `≤ ×${LIMITS.chatCold.toFixed(2)}`,
    ratio(cold.after, cold.before) <= LIMITS.chatCold,
  ]);
  limits.push([
    `/chat/{id} warm: ${ms(warm.before)} → ${ms(warm.after)}`,
    x(ratio(warm.after, warm.before)),
    `≤ ×${LIMITS.chatWarm.toFixed(2)}`,
    ratio(warm.after, warm.before) <= LIMITS.chatWarm,
  ]);
}
const judged = limits.filter((l) => l[3] !== null);
const failed = judged.filter((l) => !l[3]);
const anyStrayed = [...Object.values(publicRuns).flatMap((p) => [...p.before, ...p.after]), ...chatRuns.before]
  .concat(chatRuns.after)
  .some((r) => r.strayed);

const date = startedAt.toISOString().slice(0, 16).replace('T', ' ');
const sections = [
  `\`npm run bench:web\` at ${date} UTC on ${os.cpus().length} CPUs, load average ${loadAtStart} at the start, ${loadAtEnd} at the end (1 / 5 / 15 min).
Before: ${sides[0].label}. After: ${sides[1].label}.
Phone: CPU slowdown ${CPU}× = benchmark index ${calibration} ÷ ${REFERENCE_INDEX_PER_X} (clamped to 2–10); each run's index is listed (before / after), a run more than ${Math.round(TOLERANCE * 100)} % off it was run again${anyStrayed ? ` (* : still off after ${ATTEMPTS} attempts, the closest kept)` : ''}. Medians of ${RUNS} run${RUNS === 1 ? '' : 's'} per build, the builds alternating run by run, served at once (${transport}).`,
];
if (pages.length)
  sections.push(`Public pages: Lighthouse 12.8 mobile, simulated Slow 4G (150 ms, 1.6 Mbps), CPU ${CPU}×, a fresh browser per run.

| page | LCP before → after | TBT | performance | accessibility | SEO | a11y & SEO 100 | CPU | benchmark index (runs) |
|---|---|---|---|---|---|---|---|---|
${pageRows.join('\n')}`);
if (CHAT)
  sections.push(`Signed in: /chat/{id} of a 200-message thread, applied throttling (DevTools protocol: ${NETWORK.latencyMs} ms RTT, ${(NETWORK.downloadKbps / 1024).toFixed(1)} Mbps down, ${NETWORK.uploadKbps} kbps up, CPU ${CPU}×), 412 × 823 px: when the newest message is first on screen.

| /chat/{id} | newest message on screen, before → after | after ÷ before | runs (ms, before / after) | LCP | CPU | benchmark index (runs) |
|---|---|---|---|---|---|---|
${chatRows.join('\n')}`);
sections.push(`| limit (after ÷ before of the medians) | now | limit | |
|---|---|---|---|
${limits.map(([what, now, limit, ok]) => `| ${what} | ${now} | ${limit} | ${ok === null ? '' : verdict(ok)} |`).join('\n')}

${judged.length ? (failed.length ? `**${failed.length} of ${judged.length} limits failed.**` : `All ${judged.length} limits pass.`) : 'Nothing judged.'}`);
const markdown = `${sections.join('\n\n')}\n`;
log(`\n${markdown}`);
mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT, markdown);
log(`written to ${path.relative(process.cwd(), OUT) || OUT}`);
process.exit(0);
