/**
 * What each kind of page downloads before it runs, after `npm run build`: the static import closure of
 * index.html's entry and of the page's screen modules (their lazy chunks), read from Vite's manifest
 * (client/dist/.vite/manifest.json), in gzip level 9 bytes. One coarse budget per kind of page, so that a real regression fails and a
 * few hundred bytes do not. And the store's dashboard and Chartist never reach a public page's first
 * load. No browser is needed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'client', 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');

interface Chunk {
  file: string;
  src?: string;
  imports?: string[];
}

function readManifest(): Record<string, Chunk> {
  expect(existsSync(manifestFile), `${manifestFile} is missing: run \`npm run build\` first`).toBe(true);
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
}

/** `key` and every chunk it imports statically, added to `seen`. */
function closure(manifest: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  if (!manifest[key] || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** The JS files a page loads before it runs: the entry's and its screen modules' static closures. */
function firstLoad(manifest: Record<string, Chunk>, screens: string[]): string[] {
  const keys = closure(manifest, 'index.html');
  for (const src of screens) {
    expect(manifest[src], `${src} is not a chunk of the build`).toBeDefined();
    closure(manifest, src, keys);
  }
  return [...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))];
}

const gzipKb = (files: string[]) =>
  files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0) / 1024;

const routes = (...names: string[]) => names.map((n) => `src/features/${n}.tsx`);

/** Page kind → budget (KB gzip) and its pages, each with the screen modules it renders first. */
const KINDS: Record<string, { kb: number; pages: Record<string, string[]> }> = {
  landing: { kb: 220, pages: { '/': routes('landing/routes/landing') } },
  // the other pages the server renders
  'other public pages': {
    kb: 240,
    pages: {
      '/leaf': routes('stores/routes/stores-list'),
      '/blog': routes('posts/routes/blog'),
      '/blog/{id}': routes('posts/routes/article'),
      '/search': routes('search/routes/search'),
      '/products/{id}': routes('products/routes/store-products'),
      '/product/{id}': routes('products/routes/product'),
    },
  },
  'a signed-in first screen': {
    kb: 300,
    pages: {
      '/chat/{id}': routes('chat/routes/chat'),
      '/myorders': routes('orders/routes/my-orders'),
      '/dashboard/chats?c={id}': routes(
        'dashboard/components/dashboard-entry',
        'dashboard/routes/store-chats',
        'chat/components/chat-thread',
      ),
      '/dashboard': routes('dashboard/components/dashboard-entry', 'dashboard/routes/stats-home'),
    },
  },
};

for (const [kind, { kb, pages }] of Object.entries(KINDS)) {
  test(`${kind}: at most ${kb} KB of gzipped JS before it runs`, () => {
    const manifest = readManifest();
    const sizes: Record<string, number> = {};
    for (const [page, screens] of Object.entries(pages)) {
      sizes[page] = Math.round(gzipKb(firstLoad(manifest, screens)) * 10) / 10;
      expect(sizes[page], `${page}: ${sizes[page]} KB of JS (budget ${kb} KB)`).toBeLessThanOrEqual(kb);
    }
    test.info().annotations.push({ type: 'gzip KB', description: JSON.stringify(sizes) });
  });
}

/** Strings only the dashboard's code or Chartist's contains. */
const DASHBOARD_MARKERS = ['dashboard:collapsed', 'dashboard:order-sound'];
const CHARTIST_MARKERS = ['ct-series', 'ct-label'];

test("no public page's first load carries a dashboard module or Chartist", () => {
  const manifest = readManifest();
  const code = (files: string[]) => files.map((f) => readFileSync(path.join(dist, f), 'utf8')).join('\n');
  // the markers are in the dashboard's lazy chunks (so the check cannot pass by looking for nothing) …
  const dashboard = Object.keys(manifest).filter((k) => (manifest[k].src ?? '').includes('features/dashboard/'));
  expect(dashboard.length).toBeGreaterThan(0);
  const lazyKeys = new Set<string>();
  for (const k of dashboard) closure(manifest, k, lazyKeys);
  const lazyCode = code([...new Set([...lazyKeys].map((k) => manifest[k].file))]);
  for (const marker of [...DASHBOARD_MARKERS, ...CHARTIST_MARKERS]) expect(lazyCode, marker).toContain(marker);
  // … and in no public page's first load, by source (the route table features/dashboard/routes.tsx aside,
  // which the app's router mounts), by file name and by content.
  for (const [page, screens] of [
    ...Object.entries(KINDS.landing.pages),
    ...Object.entries(KINDS['other public pages'].pages),
  ]) {
    const keys = closure(manifest, 'index.html');
    for (const src of screens) closure(manifest, src, keys);
    const sources = [...keys].map((k) => manifest[k].src ?? k);
    expect(
      sources.filter((s) => s.includes('features/dashboard/') && s !== 'src/features/dashboard/routes.tsx'),
      page,
    ).toEqual([]);
    const files = firstLoad(manifest, screens);
    expect(
      files.filter((f) => /dashboard|chartist/i.test(f)),
      page,
    ).toEqual([]);
    const firstCode = code(files);
    for (const marker of [...DASHBOARD_MARKERS, ...CHARTIST_MARKERS])
      expect(firstCode, `${page}: ${marker}`).not.toContain(marker);
  }
});
