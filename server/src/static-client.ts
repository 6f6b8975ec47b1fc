/**
 * Serves the built web client (client/dist): hashed assets cached for a year, index.html and the
 * service worker never cached, and index.html for every other GET so client-side routes work
 * after a reload (SPA fallback) — except /api, /storage and /socket.io. Text files go out Brotli- or
 * gzip-compressed when the browser accepts it: the build writes .br/.gz copies (client/scripts/
 * precompress.mjs), index.html is compressed once here.
 *
 * index.html carries `<meta name="agrivet-support-phone" content="SUPPORT_PHONE">`; the placeholder
 * is replaced here with the SUPPORT_PHONE setting, so the footer's number is configured at start,
 * not at build time (deploy/nginx.conf.template does the same with sub_filter).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express, { type Request, type Response, type Router } from 'express';
import { createPageRenderer, inlineEntryCss, isPagePath, type PageRenderOptions } from './render';

const NO_CACHE = 'no-cache';
const NEVER_CACHED = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);
export const SUPPORT_PHONE_PLACEHOLDER = 'content="SUPPORT_PHONE"';

/** Paths the client never handles. */
export const isBackendPath = (p: string): boolean => /^\/(api|storage|socket\.io)(\/|$)/.test(p);

function cacheHeaders(res: Response, file: string): void {
  const name = path.basename(file);
  if (NEVER_CACHED.has(name) || name.startsWith('workbox-')) res.setHeader('Cache-Control', NO_CACHE);
  else if (file.includes(`${path.sep}assets${path.sep}`))
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'public, max-age=3600');
}

const NOT_BUILT = `<!doctype html><html lang="ar" dir="rtl"><meta charset="utf-8"><title>agrivet</title>
<p>واجهة الموقع غير مبنية بعد. شغّل <code>npm run build -w @agrivet/client</code> ثم أعد التشغيل.</p>
<p>The web client is not built yet: run <code>npm run build -w @agrivet/client</code>, then restart.</p></html>`;

/** Best first. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/** Paths (relative, '/'-separated) of every .br/.gz file under dir. */
function compressedFiles(dir: string, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = `${prefix}${entry.name}`;
    if (entry.isDirectory()) for (const f of compressedFiles(path.join(dir, entry.name), `${rel}/`)) out.add(f);
    else if (/\.(br|gz)$/.test(entry.name)) out.add(rel);
  }
  return out;
}

/** Our preference (Brotli, then gzip) among what the request accepts (q > 0) and we have. */
function acceptedEncoding(req: Request, available: (name: Encoding) => boolean): Encoding | null {
  if (!req.headers['accept-encoding']) return null;
  return ENCODINGS.find((e) => available(e.name) && req.acceptsEncodings(e.name) === e.name)?.name ?? null;
}

export interface StaticClientOptions {
  /** The footer's messaging number (already checked by loadConfig: digits and an optional +). */
  supportPhone: string;
  /** Server rendering of the public pages (render.ts); without it every page gets the shell. */
  pages?: PageRenderOptions;
}

export function staticClient(distDir: string, { supportPhone, pages }: StaticClientOptions): Router {
  const router = express.Router();
  const index = path.join(distDir, 'index.html');
  const built = existsSync(index);
  const html = built
    ? inlineEntryCss(
        readFileSync(index, 'utf8').replace(SUPPORT_PHONE_PLACEHOLDER, `content="${supportPhone}"`),
        distDir,
      )
    : '';
  const renderer = built && pages ? createPageRenderer(html, distDir, pages) : null;
  const htmlBodies: Record<Encoding, Buffer> = { br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };
  const sendIndex = (req: Request, res: Response) => {
    res.setHeader('Cache-Control', NO_CACHE);
    if (!built) return res.status(503).type('html').send(NOT_BUILT);
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = acceptedEncoding(req, () => true);
    if (!encoding) return res.type('html').send(html);
    res.setHeader('Content-Encoding', encoding);
    res.type('html').send(htmlBodies[encoding]);
  };
  router.get('/index.html', sendIndex);
  if (built) {
    const compressed = compressedFiles(distDir);
    router.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const rel = req.path.slice(1);
      // Only names found at start are served this way, so a crafted path never leaves distDir.
      if (!compressed.has(`${rel}.br`) && !compressed.has(`${rel}.gz`)) return next();
      res.setHeader('Vary', 'Accept-Encoding');
      const encoding = acceptedEncoding(req, (name) => compressed.has(`${rel}${name === 'br' ? '.br' : '.gz'}`));
      if (!encoding) return next();
      const file = path.join(distDir, rel);
      cacheHeaders(res, file);
      res.setHeader('Content-Encoding', encoding);
      res.type(path.extname(rel));
      res.sendFile(`${file}${encoding === 'br' ? '.br' : '.gz'}`, { cacheControl: false }, (err) => {
        // The browser went away mid-download (a closed tab, a cancelled preload): that answer is over,
        // and it is no server error (Express's default handler printed a stack for each).
        if (err && (err as NodeJS.ErrnoException).code !== 'ECONNABORTED') next(err);
      });
    });
    router.use(express.static(distDir, { index: false, setHeaders: cacheHeaders }));
  }
  // '/{*splat}': the home page '/' too ('/*splat' needs at least one character after the slash).
  router.get('/{*splat}', (req: Request, res: Response, next) => {
    if (isBackendPath(req.path)) return next();
    if (renderer && isPagePath(req.path)) return renderer.handle(req, res, () => sendIndex(req, res));
    sendIndex(req, res);
  });
  return router;
}
