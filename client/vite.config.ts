import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { srcAlias } from './vite-alias.ts';

// Dev proxy target: the API + relay server started by `npm run dev` (scripts/dev.mjs sets API_TARGET).
const target = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

// The service worker precaches the shell (issue 24: a first visit within 300 KB): index.html and what it
// loads — the entry's chunks with their CSS and fonts, read from the build's manifest — all of which a
// first visit has just downloaded, so the precache is read from the HTTP cache. Every other chunk, image
// and icon is cached when a page uses it (runtimeCaching below, and register-sw.ts's warm-up of what the
// page loaded before the worker).
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
  visit('index.html');
  if (seen.size === 0) throw new Error('vite.config: index.html is not in the build manifest');
  return files;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: srcAlias },
  // The server-rendering build (`vite build --ssr src/app/ssr/entry-server.tsx`, into dist-ssr/, loaded by
  // server/src/render.ts): npm packages stay external (Node loads them), our workspace packages are TS.
  ssr: { noExternal: [/^@agrivet\//] },
  plugins: [
    react(),
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
        // the shell only (shellFiles above); sw.js imports push-sw.js itself
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
        // dist/.vite/manifest.json: the module graph (server/src/render.ts's preloads, the precache above).
        manifest: true,
        modulePreload: { polyfill: false },
        // the first load is one chunk (below): ~680 kB before compression
        chunkSizeWarningLimit: 1000,
        rolldownOptions: {
          output: {
            // What the entry loads (React, Chakra, the router, i18next, TanStack Query, axios, the frame of
            // every page) in one chunk rather than dozens of small shared ones; every screen stays a lazy chunk.
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
          },
          treeshake: {
            // The shared contract package and yup have no import-time side effects: unused schemas go
            // (18 KB gzip less on every first load).
            moduleSideEffects: (id: string) =>
              !/[\\/](shared[\\/]src|node_modules[\\/](yup|hoist-non-react-statics|react-is))[\\/]/.test(id),
          },
        },
      },
}));
