/**
 * The one-port product (`npm start`): the REST API for /api and /storage, the built client for
 * everything else. The relay is attached to the same HTTP server in start.ts.
 */
import type { Api } from '@agrivet/api';
import { apiMessages } from '@agrivet/shared';
import express, { type Express } from 'express';
import { securityHeaders } from './security-headers';
import { seoRoutes } from './seo';
import { isBackendPath, type StaticClientOptions, staticClient } from './static-client';

/** clientDist: the built web client folder (index.html, assets/, sw.js …). */
export function composeApp(api: Api, clientDist: string, client: StaticClientOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // the API's trusted proxies: HSTS only when the request came over HTTPS (security-headers.ts)
  app.set('trust proxy', api.app.get('trust proxy'));
  // /api and /storage: the API app as it is, with its own helmet (no framing, nosniff, HSTS over HTTPS),
  // as nginx serves it in the scaled deployment; the page headers below (CSP, Permissions-Policy) are
  // for documents, and a second helmet on every API answer was CPU spent on message/create (issue 25)
  app.use((req, res, next) => (isBackendPath(req.path) ? api.app(req, res, next) : next()));
  app.use(securityHeaders());
  // For search engines, from the API's data (seo.ts); before the client's files and pages.
  const seo = seoRoutes(api, client.pages?.publicUrl);
  app.get('/robots.txt', seo.robots);
  app.get('/sitemap.xml', seo.sitemap);
  app.use(staticClient(clientDist, client));
  app.use((_req, res) => {
    res.status(404).json({ status: 404, error: { code: 'not_found', message: apiMessages.ar.routeNotFound } });
  });
  return app;
}
