/**
 * Security headers on every answer of the one-port server (helmet): a strict Content-Security-Policy
 * for the web client — scripts only from this origin (index.html carries no inline script; the
 * server-rendered state is a JSON data block, never executed), no eval, connections only to this
 * origin (the API and the relay's websocket: CSP3's 'self' covers ws:/wss: of the same host) —
 * `frame-ancestors 'none'` with X-Frame-Options DENY, nosniff, a Referrer-Policy, a Permissions-Policy
 * (microphone and camera for this site only, for voice notes and photos; no geolocation), and HSTS
 * when the request came over HTTPS (directly, or as a trusted proxy's X-Forwarded-Proto says).
 * deploy/nginx.conf.template sends the same headers (server/test/security-headers.test.ts keeps
 * them equal).
 */
import type { RequestHandler } from 'express';
import { HSTS, hstsOverHttps } from '@agrivet/api';
import helmet from 'helmet';

/** The policy's directives, in the order they are sent. */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Emotion's server-rendered <style> blocks and index.html's inlined font rules
  'style-src': ["'self'", "'unsafe-inline'"],
  // blob: and data: for the photo previews of the composer and the image compression canvas
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The Content-Security-Policy header value (what nginx sends too). */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

export const PERMISSIONS_POLICY = 'microphone=(self), camera=(self), geolocation=()';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** The API's value and rule (api/src/http/hsts.ts): over HTTPS only, on pages, files and API answers alike. */
export { HSTS };

export function securityHeaders(): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: REFERRER_POLICY },
      // sent below, only over HTTPS
      strictTransportSecurity: false,
    }),
    (_req, res, next) => {
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      next();
    },
    hstsOverHttps,
  ];
}
