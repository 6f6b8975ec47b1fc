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

/**
 * Path pattern (tested against location.pathname) → the modules React.lazy imports for it. The signed-in
 * screens a notification opens (a chat thread, the store's inbox) get the shell: without their chunks in
 * it, the app's code came one chunk after another (react, framework, theme, start, then the screen),
 * each waiting for the one before to run — on a slow phone 2 s before the screen's code was even asked for.
 */
export const PRELOADED_ROUTES: [RegExp, string[]][] = [
  [/^\/$/, ['src/features/landing/routes/landing.tsx']],
  [/^\/(leaf|bone|farm)\/?$/, ['src/features/stores/routes/stores-list.tsx']],
  [/^\/products\/[^/]+\/?$/, ['src/features/products/routes/store-products.tsx']],
  [/^\/blog\/?$/, ['src/features/posts/routes/blog.tsx']],
  [/^\/blog\/\d+\/?$/, ['src/features/posts/routes/article.tsx']],
  [/^\/search\/?$/, ['src/features/search/routes/search.tsx']],
  [/^\/login\/?$/, ['src/features/auth/routes/login.tsx']],
  [
    /^\/chat\/\d+\/?$/,
    [
      'src/features/chat/routes/chat.tsx',
      // what the public layout and the sign-in guard around it load when they render
      'src/components/layout/top-bar.tsx',
      'src/components/layout/signed-in-nav.tsx',
      'src/components/layout/user-gate.tsx',
      // the connection and the alerts (app/session-effects.tsx mounts them as soon as they are in)
      'src/app/signed-in-effects.tsx',
    ],
  ],
  [
    /^\/dashboard\/chats\/?$/,
    [
      'src/features/dashboard/components/dashboard-entry.tsx',
      'src/features/dashboard/routes/store-chats.tsx',
      'src/features/chat/components/chat-thread.tsx',
      'src/app/signed-in-effects.tsx',
    ],
  ],
];

export const ROUTE_PRELOAD_FILE = '.vite/route-preload.json';

/** The font files preloaded by index.html: what the first screen's text is set in. */
const PRELOADED_FONTS = [/cairo-arabic-400-normal-[\w-]+\.woff2$/, /cairo-arabic-700-normal-[\w-]+\.woff2$/];
/**
 * A signed-in screen the client draws (the shell) also gets Cairo's Latin 400 with its chunks: the top bar's
 * «English» and the digits in the messages are set in it, and found only when that screen first renders,
 * its swap then came after the first paint (the bar's buttons narrowing by 10 px: a layout shift). A
 * server-rendered page asks for it with its HTML.
 */
const SIGNED_IN_FONTS = [/cairo-latin-400-normal-[\w-]+\.woff2$/];
const SIGNED_IN_ROUTES = new Set([
  'src/features/chat/routes/chat.tsx',
  'src/features/dashboard/routes/store-chats.tsx',
]);

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
  return PRELOADED_ROUTES.map(([pattern, sources]) => {
    const files = new Set(app);
    for (const source of sources) staticClosure(bundle, chunkOf(source).fileName, files);
    // Largest first: the browser asks for them in this order (six at a time on HTTP/1.1), and the
    // large ones are the framework the app's start evaluates first.
    const size = (f: string) => (bundle[f] as OutputChunk).code.length;
    const needed = [...files].filter((f) => !loaded.has(f)).sort((a, b) => size(b) - size(a));
    if (sources.some((s) => SIGNED_IN_ROUTES.has(s)))
      needed.push(...Object.keys(bundle).filter((f) => SIGNED_IN_FONTS.some((re) => re.test(f))));
    return [pattern.source, needed];
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
