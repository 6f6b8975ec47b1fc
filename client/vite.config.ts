import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { srcAlias } from './vite-alias.ts';
import { routePreload } from './vite-route-preload.ts';
import { signedInChunks } from './vite-signed-in-chunks.ts';

// Dev proxy target: the API + relay server started by `npm run dev` (scripts/dev.mjs sets API_TARGET).
const target = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

// What every first visit runs, in one chunk: fewer requests and less import/export glue than the
// automatic split into a dozen small shared chunks (landing route 154.1 → 149 KB gzip with the icons).
// Only modules the entry imports anyway belong here (a lazy screen's library would grow the first load).
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const FIRST_LOAD = [
  /node_modules[\\/](react-router|i18next|react-i18next|@emotion[\\/][^\\/]+|stylis|use-sync-external-store)[\\/]/,
  // zustand's create only: its shallow helpers (useShallow) serve lazy screens.
  /node_modules[\\/]zustand[\\/]esm[\\/](index|vanilla|react)\.mjs$/,
  /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system|utils|components[\\/](box|stack|spinner|text|button|heading|simple-grid|container))[\\/]/,
  // Ark's context helper with zag's type guards: the app's start imports them (the locale provider), and on
  // their own they were one more small chunk on every first load.
  /node_modules[\\/](@ark-ui[\\/]react[\\/]dist[\\/]utils[\\/]create-context|@zag-js[\\/]utils[\\/]dist[\\/]guard)\./,
  /client[\\/]src[\\/](i18n[\\/](index|ar)|stores[\\/]session|config[\\/]paths|components[\\/]ui[\\/]icons)/,
  /shared[\\/]src[\\/](paths|limits|entities)\./,
];

// The service worker precaches only the shell (issue 24: a first visit within 300 KB): index.html, the
// entry, the app's start (framework) and the frame every page shows (top bar, footer, offline banner),
// with their CSS and the woff2 fonts — all of which a first visit has just loaded, so the precache is
// read from the HTTP cache. Every other chunk, image and icon is cached when a page uses it
// (runtimeCaching below, and register-sw.ts's warm-up of what the page loaded before the worker).
const SHELL_ROOTS = [
  'index.html',
  'src/app/start.tsx',
  'src/components/layout/top-bar.tsx',
  'src/components/layout/footer.tsx',
  'src/app/register-sw.ts',
];
const isShellRoot = (key: string) => SHELL_ROOTS.includes(key) || /^_offline-banner-/.test(key);

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

const MANIFEST = fileURLToPath(new URL('./dist/.vite/manifest.json', import.meta.url));

/** The shell's files (paths under dist/), from the build's manifest (dist/.vite/manifest.json). */
function shellFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set(['index.html']);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const asset of chunk.assets ?? []) if (asset.endsWith('.woff2')) files.add(asset);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of Object.keys(manifest)) if (isShellRoot(key)) visit(key);
  if (!files.has('index.html') || seen.size < 3)
    throw new Error('vite.config: the shell was not found in the manifest');
  return files;
}

// The signed-in screens' own modules in a few chunks instead of dozens (vite-signed-in-chunks.ts).
const signedIn = signedInChunks();

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: srcAlias },
  // The server-rendering build (`vite build --ssr src/app/ssr/entry-server.tsx`, into dist-ssr/, loaded by
  // server/src/render.ts): npm packages stay external (Node loads them), our workspace packages are TS.
  ssr: { noExternal: [/^@agrivet\//] },
  plugins: [
    react(),
    routePreload(),
    signedIn.plugin,
    VitePWA({
      strategies: 'generateSW',
      // Registered by src/app/register-sw.ts after the load event (SPEC.md §1), not by an injected script.
      injectRegister: false,
      registerType: 'autoUpdate',
      // the icons are cached when used (runtimeCaching), not precached: a first visit never shows them
      includeManifestIcons: false,
      manifest: {
        name: 'أغريفت — سوق زراعي وبيطري',
        short_name: 'أغريفت',
        description: 'صيدليات زراعية، عيادات بيطرية ومشاتل في كل المحافظات السورية',
        lang: 'ar',
        dir: 'rtl',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#2f855a',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,woff2}'],
        // the shell only (see SHELL_ROOTS); sw.js imports push-sw.js itself
        manifestTransforms: [
          async (entries) => {
            // No manifest: the bundle itself failed (a plugin's error in generateBundle), and the PWA
            // plugin's closeBundle still runs; its own error would replace that one in Vite's output.
            if (!existsSync(MANIFEST)) return { manifest: [], warnings: ['no build manifest: the build failed'] };
            const shell = shellFiles();
            return { manifest: entries.filter((e) => shell.has(e.url)), warnings: [] };
          },
        ],
        // The first worker takes over the page that installed it, so that page's files are cached
        // (register-sw.ts warmUp) and it opens offline; a later worker still waits for the old tabs.
        clientsClaim: true,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/storage\//, /^\/socket\.io\//],
        // Web Push: the push and notificationclick handlers (public/push-sw.js).
        importScripts: ['push-sw.js'],
        runtimeCaching: [
          {
            // Last-seen catalogue pages (stores, products, articles, search) so a repeat visit opens offline.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' && /^\/api\/(store|post|product|search)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'api-catalogue',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 120, maxAgeSeconds: 7 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // The app's other chunks and styles (hashed, immutable), when a page uses them.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'assets',
              expiration: { maxEntries: 250, maxAgeSeconds: 60 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // The logo and the app's icons.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/(images|icons)\//.test(url.pathname),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'static-images',
              expiration: { maxEntries: 30 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Chat photos are private and signed (?exp&sig, a new signature every 12 h, valid 24–36 h):
            // kept half a day, never the public images' 30 days. Voice notes (range requests) are not cached.
            urlPattern: ({ url }) => url.pathname.startsWith('/storage/messages/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'chat-media',
              expiration: { maxEntries: 200, maxAgeSeconds: 12 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ url }) =>
              url.pathname.startsWith('/storage/') &&
              !url.pathname.startsWith('/storage/messages/') &&
              !url.pathname.startsWith('/storage/voice/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'images',
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
  ],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target, changeOrigin: true },
      '/storage': { target, changeOrigin: true },
      '/socket.io': { target, ws: true, changeOrigin: true },
    },
  },
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, manifest: false }
    : {
        target: 'es2020',
        sourcemap: false,
        // dist/.vite/manifest.json: the module graph scripts/bench-web.mjs measures.
        manifest: true,
        modulePreload: { polyfill: false },
        chunkSizeWarningLimit: 600,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // Vite's helper for dynamic imports on its own (a few hundred bytes): the entry
                  // (src/app/main.tsx) needs only it, and starts the framework once the page has painted.
                  name: 'preload-helper',
                  test: (id: string) => id.includes('vite/preload-helper'),
                  priority: 2,
                },
                {
                  // React and react-dom on their own: the app's start evaluates them in one task and
                  // the libraries built on them (framework) in the next (src/app/main.tsx).
                  name: 'react',
                  test: (id: string) => REACT.test(id),
                  priority: 1,
                },
                {
                  name: 'framework',
                  test: (id: string) => FIRST_LOAD.some((re) => re.test(id)),
                },
                ...signedIn.groups,
              ],
            },
          },
          // Chakra's theme index builds `defaultThemeConfig` with every recipe through defineConfig();
          // marking it pure lets the unused recipes fall out of the bundle (lib/theme/system.ts picks ours).
          treeshake: {
            manualPureFunctions: [
              'defineConfig',
              'defineRecipe',
              'defineSlotRecipe',
              'defineSemanticTokens',
              'defineTokens',
            ],
            // The shared contract package and yup have no import-time side effects: let unused schemas go.
            moduleSideEffects: (id: string) =>
              !/[\\/](shared[\\/]src|node_modules[\\/](yup|hoist-non-react-statics|react-is))[\\/]/.test(id),
          },
        },
      },
}));
