/**
 * Strict-Transport-Security on every answer to a request that came over HTTPS — directly, or as a
 * trusted proxy's X-Forwarded-Proto says (`trust proxy`, TRUST_PROXY) — and never over plain HTTP,
 * where browsers ignore it and it only misleads. The one-port server (server/src/security-headers.ts)
 * and nginx (deploy/nginx.conf.template) apply the same rule to pages and files.
 */
import type { RequestHandler } from 'express';

export const HSTS = 'max-age=31536000; includeSubDomains';

export const hstsOverHttps: RequestHandler = (req, res, next) => {
  if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
  next();
};
