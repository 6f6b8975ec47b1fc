/**
 * Server rendering of the public screens (built by `vite build --ssr` into client/dist-ssr/, loaded by
 * server/src/render.ts): the route's data is fetched first, through the features' own query options
 * into a QueryClient of this request, then the app renders to HTML under a StaticRouter with its own
 * Emotion cache (Chakra's styles extracted into <style> tags), and the cache is dehydrated for the
 * browser (main.tsx puts it in the app's cache before hydrateRoot, so nothing is fetched twice). It
 * names the route screens it rendered by source path: server/src/render.ts preloads their chunks,
 * read from the client build's manifest.
 *
 * Always anonymous: the session token lives in the browser's localStorage, which the server never
 * sees, and the API calls made here carry no Authorization header — so no private data (a store
 * owner's phone, the caller's conversations) can reach this HTML or a cache in front of it.
 */
import '@/i18n';
import { Writable } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { type ReactElement, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { hasErrorCode } from '@/lib/api-error';
import { createQueryClient } from '@/lib/query-client';
import { createStyleCache } from '@/lib/theme/style-cache';
import { AppProvider } from '@/app/provider';
import { AppRoutes, matchedRoute, RenderedScreens } from '@/app/router';
import { headTags, type PageHead } from './head';
import { configureServerApi } from './server-api';
import { isServerRendered, notFoundHead, prefetchScreen } from './prefetch';

export { configureServerApi };

export interface RenderInput {
  /** Path and query, e.g. /leaf?city=2 */
  url: string;
  /** The site's public origin for canonical and og: URLs (https://example.org). */
  origin: string;
  /** The visitor's address, forwarded to the API (its rate limits count the visitor, not this server). */
  clientIp?: string;
}

export interface RenderOutput {
  status: 200 | 404;
  /** The tags for <head>: title, description, canonical, Open Graph, Twitter, Emotion's styles. */
  head: string;
  /** The app's HTML, for <div id="root">. */
  html: string;
  /** The dehydrated query cache (JSON), or null when the screen has no data. */
  state: string | null;
  /** The route pattern rendered (e.g. /blog/:id), for the server's log. */
  pattern: string;
  /** The route screens rendered, by source path (src/features/…): the keys of the client's manifest. */
  screens: string[];
}

/** Longest a render may take (the data is fetched before): past it the server sends the shell. */
const RENDER_TIMEOUT_MS = 5_000;

function renderAll(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', () => resolve(html));
    const stream = renderToPipeableStream(element, {
      // Everything, Suspense boundaries included (the route's lazy chunk, the footer): crawlers and
      // link previews read the HTML as it arrives, and the styles are extracted from the whole of it.
      onAllReady: () => stream.pipe(sink),
      // Every boundary inline, however large: React would otherwise send a big one after the shell and
      // reveal it with an inline script, which the Content-Security-Policy (script-src 'self') blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError: (error) => {
        reject(error);
      },
    });
    setTimeout(() => {
      stream.abort();
      reject(new Error('render timed out'));
    }, RENDER_TIMEOUT_MS).unref();
  });
}

/** null: not a server-rendered screen, or its data could not be fetched — the server sends the shell. */
export async function render(input: RenderInput): Promise<RenderOutput | null> {
  const url = new URL(input.url, 'http://render.invalid');
  const route = matchedRoute(url.pathname);
  if (!route || !isServerRendered(route.pattern)) return null;
  const { pattern, params } = route;

  const queryClient: QueryClient = createQueryClient();
  // One try: a visitor waits for this.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  let status: 200 | 404 = 200;
  let head: PageHead;
  try {
    head = await configureServerApi.withClient(input.clientIp, () =>
      prefetchScreen(queryClient, pattern, params, url.searchParams),
    );
  } catch (error) {
    if (!hasErrorCode(error, 'not_found')) return null;
    status = 404;
    head = notFoundHead(url.pathname);
    // The failure stays the screen's answer (not the loading state of a retry on mount): the missing
    // store, product or article renders its «… غير موجود» (components/ui/missing-page.tsx).
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false },
    });
  }

  const cache = createStyleCache();
  const emotion = createEmotionServer(cache);
  const screens = new Set<string>();
  const html = await renderAll(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider queryClient={queryClient}>
          <RenderedScreens.Provider value={screens}>
            <StaticRouter location={input.url}>
              <AppRoutes />
            </StaticRouter>
          </RenderedScreens.Provider>
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
  );
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  const dehydrated = dehydrate(queryClient);
  queryClient.clear();
  return {
    status,
    head: `${headTags(head, input.origin)}\n    ${styles}`,
    html,
    state: dehydrated.queries.length > 0 ? JSON.stringify(dehydrated) : null,
    pattern,
    screens: [...screens],
  };
}
