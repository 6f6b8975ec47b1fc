/**
 * Vite plugin: every route is a React.lazy chunk, found only after the entry has downloaded and run
 * (half a second on a slow phone), then its own imports one step later. This writes into index.html
 * a tiny script that adds `<link rel="modulepreload">` for the chunks of the route being opened, so
 * they download beside the entry. Only the public routes a first visit lands on are listed.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Path pattern (tested against location.pathname) → the module React.lazy imports for it. */
export const PRELOADED_ROUTES: [RegExp, string][] = [
  [/^\/$/, 'src/features/landing/routes/landing.tsx'],
  [/^\/(leaf|bone|farm)\/?$/, 'src/features/stores/routes/stores-list.tsx'],
  [/^\/products\/[^/]+\/?$/, 'src/features/products/routes/store-products.tsx'],
  [/^\/blog\/?$/, 'src/features/posts/routes/blog.tsx'],
  [/^\/blog\/[^/]+\/?$/, 'src/features/posts/routes/article.tsx'],
  [/^\/login\/?$/, 'src/features/auth/routes/login.tsx'],
];

function staticClosure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const dep of chunk.imports) staticClosure(bundle, dep, seen);
  return seen;
}

/** For each route, the chunk files it needs beyond what the entry already loads. */
export function routeChunks(bundle: OutputBundle, entry: OutputChunk): [string, string[]][] {
  const loaded = staticClosure(bundle, entry.fileName);
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  return PRELOADED_ROUTES.map(([pattern, source]) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${source}`));
    if (!chunk) throw new Error(`route-preload: no chunk for ${source}`);
    const files = [...staticClosure(bundle, chunk.fileName)].filter((f) => !loaded.has(f));
    return [pattern.source, files];
  });
}

export function routePreload(): Plugin {
  return {
    name: 'agrivet-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return;
        const table = JSON.stringify(routeChunks(ctx.bundle as OutputBundle, ctx.chunk as OutputChunk));
        const code = `(function(){var r=${table};for(var i=0;i<r.length;i++){if(new RegExp(r[i][0]).test(location.pathname)){r[i][1].forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.href='/'+f;document.head.appendChild(l)});break}}})();`;
        return [{ tag: 'script', children: code, injectTo: 'head' }];
      },
    },
  };
}
