/**
 * Vite plugin: every route is a React.lazy chunk, found only after the entry has downloaded and run
 * (half a second on a slow phone), then its own imports one step later. This writes, beside the build,
 * `.vite/route-preload.json`: for each public route a first visit lands on, the chunks it needs beyond
 * the entry (the app and the screen). The server (server/src/render.ts) reads it: the shell gets
 * `<link rel="modulepreload">` for them, a server-rendered page names them in
 * `<meta name="agrivet-preload">` for the entry to preload once the page has painted (src/app/main.tsx)
 * — no inline script (the Content-Security-Policy allows none). It also preloads the two Arabic weights of Cairo the first
 * screen paints with, from index.html.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Path pattern (tested against location.pathname) → the module React.lazy imports for it. */
export const PRELOADED_ROUTES: [RegExp, string][] = [
  [/^\/$/, 'src/features/landing/routes/landing.tsx'],
  [/^\/(leaf|bone|farm)\/?$/, 'src/features/stores/routes/stores-list.tsx'],
  [/^\/products\/[^/]+\/?$/, 'src/features/products/routes/store-products.tsx'],
  [/^\/blog\/?$/, 'src/features/posts/routes/blog.tsx'],
  [/^\/blog\/\d+\/?$/, 'src/features/posts/routes/article.tsx'],
  [/^\/search\/?$/, 'src/features/search/routes/search.tsx'],
  [/^\/login\/?$/, 'src/features/auth/routes/login.tsx'],
];

export const ROUTE_PRELOAD_FILE = '.vite/route-preload.json';

/** The font files preloaded by index.html: what the first screen's text is set in. */
const PRELOADED_FONTS = [/cairo-arabic-400-normal-[\w-]+\.woff2$/, /cairo-arabic-700-normal-[\w-]+\.woff2$/];

function staticClosure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const dep of chunk.imports) staticClosure(bundle, dep, seen);
  return seen;
}

/** The app module the entry imports once the page has painted (src/app/main.tsx → start.tsx). */
export const APP_START = 'src/app/start.tsx';

/** For each route, the chunk files it needs beyond the entry: the app (start.tsx and its imports) and the screen's. */
export function routeChunks(bundle: OutputBundle, entry: OutputChunk): [string, string[]][] {
  const loaded = staticClosure(bundle, entry.fileName);
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const chunkOf = (source: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${source}`));
    if (!chunk) throw new Error(`route-preload: no chunk for ${source}`);
    return chunk;
  };
  const app = staticClosure(bundle, chunkOf(APP_START).fileName);
  return PRELOADED_ROUTES.map(([pattern, source]) => {
    const files = new Set([...app, ...staticClosure(bundle, chunkOf(source).fileName)]);
    return [pattern.source, [...files].filter((f) => !loaded.has(f))];
  });
}

export function routePreload(): Plugin {
  return {
    name: 'agrivet-route-preload',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.isEntry);
      if (!entry) return;
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOAD_FILE,
        source: JSON.stringify(routeChunks(bundle as OutputBundle, entry)),
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const fonts = Object.keys(ctx.bundle).filter((f) => PRELOADED_FONTS.some((re) => re.test(f)));
        return fonts.map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${f}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
