/**
 * Load generator of `npm run bench:api` (its own process): the browse side of the mixed workload.
 * Anonymous GETs at a fixed rate (open loop: each request leaves at its scheduled time, however many
 * are still in flight) over more than 1,000 distinct URLs (provinces × store types × pages, store
 * pages, product filters, articles, searches). A share (BENCH_REVALIDATE, default 0.25) are
 * revalidations: a URL already fetched, sent with `If-None-Match: <the ETag last seen for it>`; a
 * checkout that sends no ETag gets those as plain requests (counted as `revalidationsWithoutEtag`).
 * Latency runs from the request leaving to the whole body read. Browser-like headers (gzip/br).
 *   IPC in: { type: 'go', startAt, warmup, seconds }     IPC out: { type: 'ready', urls }, { type: 'result', … }
 */
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { SlowSeconds, type Stats, sleep, stats } from './lib';

interface Meta {
  storeIds: number[];
  productNames: string[];
  productWords: string[];
  storeWords: string[];
  sizes: { products: number };
}

const origin = process.env.BENCH_URL ?? '';
const meta = JSON.parse(readFileSync(process.env.BENCH_META_FILE ?? '', 'utf8')) as Meta;
const rate = Number(process.env.BENCH_BROWSE_RATE ?? 300);
const revalidateShare = Number(process.env.BENCH_REVALIDATE ?? 0.25);

// ---- the URLs, by kind of call, with the share of traffic each kind gets
type Kind = 'store/get-By-city' | 'store/getAll' | 'store/get-page' | 'product/getAll' | 'post/getAll' | 'search';
const WEIGHTS: Record<Kind, number> = {
  'store/get-By-city': 0.2,
  'store/getAll': 0.1,
  'store/get-page': 0.2,
  'product/getAll': 0.25,
  'post/getAll': 0.1,
  search: 0.15,
};
const q = (s: string) => encodeURIComponent(s);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const urls: Record<Kind, string[]> = {
  // city 0 = every province
  'store/get-By-city': [0, 1, 3].flatMap((type) =>
    range(0, 12).flatMap((city) =>
      [1, 2].map((p) => `/api/store/get-By-city?type=${type}&city=${city}&page_number=${p}`),
    ),
  ),
  'store/getAll': range(1, 40).map((p) => `/api/store/getAll?page_number=${p}`),
  'store/get-page': meta.storeIds
    .slice(0, 300)
    .flatMap((id) => [1, 2].map((p) => `/api/store/get-page/${id}?page_number=${p}`)),
  'product/getAll': [
    ...range(1, 20).map((p) => `/api/product/getAll?page_number=${p}`),
    ...range(0, 3).flatMap((t) => range(1, 10).map((p) => `/api/product/getAll?type=${t}&page_number=${p}`)),
    ...meta.storeIds.slice(300, 400).map((id) => `/api/product/getAll?store_id=${id}`),
    ...meta.productWords.flatMap((w) => range(1, 5).map((p) => `/api/product/getAll?q=${q(w)}&page_number=${p}`)),
  ],
  'post/getAll': range(1, 20).map((p) => `/api/post/getAll?page_number=${p}`),
  search: [
    ...[...meta.productWords, ...meta.storeWords].flatMap((w) =>
      range(1, 3).map((p) => `/api/search?q=${q(w)}&page_number=${p}`),
    ),
    // narrow: a product's last name word and its number (a handful of hits each)
    ...range(0, 149).map((j) => {
      const i = (j * 661 + 17) % meta.sizes.products;
      const name = meta.productNames[i % meta.productNames.length];
      return `/api/search?q=${q(`${name.split(' ').at(-1)} ${i}`)}`;
    }),
  ],
};
const kinds = Object.keys(WEIGHTS) as Kind[];
const kindOf = new Map<string, Kind>();
for (const k of kinds) for (const u of urls[k]) kindOf.set(u, k);
process.send?.({ type: 'ready', urls: kindOf.size });

// deterministic pseudo-random choices (the same sequence for every checkout)
let seed = 0x9e3779b9;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pickKind = (): Kind => {
  let r = random();
  for (const k of kinds) {
    r -= WEIGHTS[k];
    if (r < 0) return k;
  }
  return kinds[kinds.length - 1];
};
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];

/** ETag last seen per URL; URLs answered 200 before, per kind (the candidates for a revalidation). */
const etags = new Map<string, string>();
const fetched: Record<Kind, string[]> = Object.fromEntries(kinds.map((k) => [k, []])) as never;
const fetchedSet = new Set<string>();

const pool = new Pool(origin, { connections: 256, headersTimeout: 30_000, bodyTimeout: 30_000 });

interface Sample {
  kind: Kind;
  status: number;
  ms: number;
  conditional: boolean;
  revalidation: boolean;
}
const samples: Sample[] = [];
const errors = new Map<string, number>();
const lag: number[] = [];
/** Answers over 25 ms (the browse target), by second of the measured window. */
const slow = new SlowSeconds(25);
let measuredStart = 0;
const requestedUrls = new Set<string>();
let withEtag200 = 0;
let revalidationsWithoutEtag = 0;
let outstanding = 0;

async function one(url: string, revalidation: boolean, measured: boolean): Promise<void> {
  const etag = revalidation ? etags.get(url) : undefined;
  if (revalidation && !etag && measured) revalidationsWithoutEtag++;
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  if (etag) headers['if-none-match'] = etag;
  const t0 = performance.now();
  outstanding++;
  try {
    const res = await pool.request({ path: url, method: 'GET', headers });
    await res.body.arrayBuffer();
    const elapsed = performance.now() - t0;
    const tag = res.headers.etag;
    if (typeof tag === 'string') etags.set(url, tag);
    if (res.statusCode === 200 && !fetchedSet.has(url)) {
      fetchedSet.add(url);
      fetched[kindOf.get(url) as Kind].push(url);
    }
    if (measured) {
      if (res.statusCode === 200 && typeof tag === 'string') withEtag200++;
      slow.add((t0 - measuredStart) / 1000, elapsed);
      samples.push({
        kind: kindOf.get(url) as Kind,
        status: res.statusCode,
        ms: elapsed,
        conditional: etag !== undefined,
        revalidation,
      });
    }
  } catch (err) {
    if (measured) {
      const key = (err as { code?: string }).code ?? String(err);
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
  } finally {
    outstanding--;
  }
}

const go = await new Promise<{ startAt: number; warmup: number; seconds: number }>((resolve) => {
  process.on('message', (m: { type?: string; startAt: number; warmup: number; seconds: number }) => {
    if (m?.type === 'go') resolve(m);
  });
});
const total = Math.round(rate * (go.warmup + go.seconds));
const measuredFrom = Math.round(rate * go.warmup);
const interval = 1000 / rate;
await sleep(Math.max(0, go.startAt - Date.now()));
const startPerf = performance.now();
measuredStart = startPerf + measuredFrom * interval;
let k = 0;
while (k < total) {
  const now = performance.now();
  while (k < total && startPerf + k * interval <= now) {
    const measured = k >= measuredFrom;
    if (measured) lag.push(performance.now() - (startPerf + k * interval));
    const kind = pickKind();
    const revalidation = random() < revalidateShare && fetchedSet.size > 0;
    let url: string;
    if (revalidation) url = fetched[kind].length > 0 ? pick(fetched[kind]) : pick([...fetchedSet]);
    else url = pick(urls[kind]);
    requestedUrls.add(url);
    void one(url, revalidation, measured);
    k++;
  }
  await sleep(1);
}
for (let i = 0; i < 150 && outstanding > 0; i++) await sleep(100);

const by = (f: (s: Sample) => boolean) => stats(samples.filter(f).map((s) => s.ms));
const statusMix: Record<string, number> = {};
for (const s of samples) statusMix[s.status] = (statusMix[s.status] ?? 0) + 1;
const perKind: Record<string, Stats> = {};
for (const kind of kinds) perKind[kind] = by((s) => s.kind === kind && s.status === 200);
process.send?.({
  type: 'result',
  urls: kindOf.size,
  distinctRequested: requestedUrls.size,
  sent: total - measuredFrom,
  answered: samples.length,
  seconds: go.seconds,
  statusMix,
  errors: Object.fromEntries(errors),
  revalidations: samples.filter((s) => s.revalidation).length,
  conditional: samples.filter((s) => s.conditional).length,
  revalidationsWithoutEtag,
  withEtag200,
  all: by(() => true),
  ok: by((s) => s.status === 200),
  notModified: by((s) => s.status === 304),
  perKind,
  lag: stats(lag),
  slow: slow.summary(),
});
await pool.close();
process.exit(0);
