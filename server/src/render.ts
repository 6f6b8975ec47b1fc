/**
 * Server rendering of the public pages (docs/architecture.md, "Build and run"). The client's SSR build
 * (client/dist-ssr/entry-server.js, `vite build --ssr`) renders `/`, `/leaf`, `/bone`, `/farm`, `/blog`,
 * an article, a store's products and search to HTML with their data and styles; this file puts that
 * into index.html — the page's own <head> tags in place of the site's, the app in #root, the query
 * cache as a JSON data block (never executed: the CSP allows no inline script) — and preloads the chunks
 * of the screens it rendered, read from the client build's manifest (dist/.vite/manifest.json, Vite's
 * "backend integration"). Every other page (sign-in, cart, dashboard …) gets the shell, index.html,
 * rendered in the browser.
 *
 * Data comes from this process's own API over loopback HTTP (`apiOrigin`): the same calls, presenters
 * and rules as the browser's, with the visitor's address forwarded. Pages are rendered anonymously
 * (the token lives in localStorage; no Authorization or cookie is passed on), so the HTML never
 * carries private data and may be cached by anyone.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { origin } from './seo';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What client/src/app/ssr/entry-server.tsx exports. */
export interface SsrEntry {
  configureServerApi(apiOrigin: string): void;
  render(input: { url: string; origin: string; clientIp?: string }): Promise<{
    status: number;
    head: string;
    html: string;
    state: string | null;
    pattern: string;
    /** The route screens rendered, by source path: keys of the client's manifest. */
    screens: string[];
  } | null>;
}

export interface PageRenderOptions {
  /** The SSR build's entry module (client/dist-ssr/entry-server.js). Missing: every page gets the shell. */
  ssrEntry: string;
  /** This process's own API, e.g. http://127.0.0.1:8080 (known once listening). */
  apiOrigin: () => string;
  /** The public origin for canonical and og: URLs (PUBLIC_URL); default: the request's own. */
  publicUrl?: string;
  /** Called when a render fails (the shell is sent instead). */
  onError?: (err: unknown, url: string) => void;
}

const HEAD_BLOCK = /<!--agrivet:head-->[\s\S]*?<!--\/agrivet:head-->/;
const ROOT = '<div id="root"></div>';

/** JSON safe inside <script type="application/json">: no `</script>`, no HTML comment, no line separators. */
export function jsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * index.html's stylesheet (the fonts' @font-face rules and their fallbacks, ~1 KB) inlined: one
 * render-blocking request fewer before the first paint.
 */
export function inlineEntryCss(html: string, distDir: string): string {
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g,
    (tag, file: string) => {
      const full = path.join(distDir, file);
      if (!existsSync(full)) return tag;
      const css = readFileSync(full, 'utf8').replace(/<\/style/gi, '<\\/style');
      return `<style>${css}</style>`;
    },
  );
}

/** An entry of the client build's manifest: a source module's chunk, its static imports and CSS. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The `<link>` tags that preload what the screens need beyond index.html's own (the entry's chunks,
 * which the HTML already loads): each screen's chunk, its static imports and their CSS.
 */
export function screenPreloads(manifest: Record<string, ManifestChunk>, screens: string[]): string {
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  };
  const loaded = new Set<string>();
  closure('index.html', loaded);
  const needed = new Set<string>();
  for (const screen of screens) closure(screen, needed);
  const keys = [...needed].filter((k) => !loaded.has(k));
  const css = new Set(keys.flatMap((k) => manifest[k].css ?? []));
  for (const k of loaded) for (const f of manifest[k].css ?? []) css.delete(f);
  return [
    ...[...css].map((f) => `<link rel="stylesheet" href="/${f}">`),
    ...keys.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k].file}">`),
  ].join('');
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>) : {};
}

/** The visitor's address chain for X-Forwarded-For (a proxy's header, then who connected to us). */
function forwardedFor(req: Request): string | undefined {
  const remote = req.socket.remoteAddress;
  const incoming = req.headers['x-forwarded-for'];
  const chain = [typeof incoming === 'string' ? incoming : undefined, remote].filter(Boolean).join(', ');
  return chain || undefined;
}

export interface PageRenderer {
  /** Sends the page for a GET of a client route: rendered, or the shell through `sendShell`. */
  handle(req: Request, res: Response, sendShell: () => void): Promise<void>;
}

export function createPageRenderer(shellHtml: string, distDir: string, options: PageRenderOptions): PageRenderer {
  const manifest = readManifest(distDir);
  let entry: Promise<SsrEntry | null> | null = null;
  const load = () => {
    entry ??= existsSync(options.ssrEntry)
      ? (import(pathToFileURL(options.ssrEntry).href) as Promise<SsrEntry>).then((m) => {
          m.configureServerApi(options.apiOrigin());
          return m;
        })
      : Promise.resolve(null);
    return entry;
  };

  const send = async (req: Request, res: Response, status: number, html: string) => {
    res.status(status);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    res.type('html');
    // Brotli first (smaller), then gzip, among what the browser accepts.
    const accepted = (name: string) => Boolean(req.headers['accept-encoding']) && req.acceptsEncodings(name) === name;
    const accepts = accepted('br') ? 'br' : accepted('gzip') ? 'gzip' : null;
    if (accepts === 'br') {
      res.setHeader('Content-Encoding', 'br');
      res.send(await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    } else if (accepts === 'gzip') {
      res.setHeader('Content-Encoding', 'gzip');
      res.send(await gzipAsync(html, { level: 6 }));
    } else res.send(html);
  };

  return {
    async handle(req, res, sendShell) {
      let out: Awaited<ReturnType<SsrEntry['render']>> = null;
      try {
        const mod = await load();
        if (mod)
          out = await mod.render({
            url: req.originalUrl,
            origin: origin(req, options.publicUrl),
            clientIp: forwardedFor(req),
          });
      } catch (err) {
        options.onError?.(err, req.originalUrl);
        out = null;
      }
      if (!out) return sendShell();
      const state = out.state
        ? `<script type="application/json" id="agrivet-state">${jsonForScript(out.state)}</script>`
        : '';
      const html = shellHtml
        .replace(HEAD_BLOCK, () => out.head)
        .replace('</head>', () => `${screenPreloads(manifest, out.screens)}</head>`)
        .replace(ROOT, () => `<div id="root" data-server-rendered>${out.html}</div>${state}`);
      await send(req, res, out.status, html);
    },
  };
}

/** A client route, not a file: no extension in the last segment. */
export const isPagePath = (p: string): boolean => !/\.[a-z0-9]+$/i.test(p);
