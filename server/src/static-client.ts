/**
 * Serves the built web client (client/dist): hashed assets cached for a year, index.html and the
 * service worker never cached, and index.html for every other GET so client-side routes work
 * after a reload (SPA fallback) — except /api, /storage and /socket.io.
 *
 * index.html carries `<meta name="agrivet-support-phone" content="SUPPORT_PHONE">`; the placeholder
 * is replaced here with the SUPPORT_PHONE setting, so the footer's number is configured at start,
 * not at build time (deploy/nginx.conf.template does the same with sub_filter).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';

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

export interface StaticClientOptions {
  /** The footer's messaging number (already checked by loadConfig: digits and an optional +). */
  supportPhone: string;
}

export function staticClient(distDir: string, { supportPhone }: StaticClientOptions): Router {
  const router = express.Router();
  const index = path.join(distDir, 'index.html');
  const built = existsSync(index);
  const html = built ? readFileSync(index, 'utf8').replace(SUPPORT_PHONE_PLACEHOLDER, `content="${supportPhone}"`) : '';
  const sendIndex = (res: Response) => {
    res.setHeader('Cache-Control', NO_CACHE);
    if (built) res.type('html').send(html);
    else res.status(503).type('html').send(NOT_BUILT);
  };
  router.get('/index.html', (_req, res) => sendIndex(res));
  if (built) router.use(express.static(distDir, { index: false, setHeaders: cacheHeaders }));
  // '/{*splat}': the home page '/' too ('/*splat' needs at least one character after the slash).
  router.get('/{*splat}', (req: Request, res: Response, next) => {
    if (isBackendPath(req.path)) return next();
    sendIndex(res);
  });
  return router;
}
