/**
 * Security headers of the one-port server (security-headers.ts, issue 15): on the home page, a client
 * route, a static asset, the service worker and the API; HSTS only over HTTPS; the nginx template of
 * the scaled deployment sends the same policy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, HSTS, PERMISSIONS_POLICY, REFERRER_POLICY } from '../src/security-headers';
import { ASSET, startTestServer, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const PAGES = ['/', '/stores/1', '/login', `/${ASSET}`, '/sw.js', '/no/such/route'];

describe('every answer carries the security headers', () => {
  it.each(PAGES)('%s', async (p) => {
    const res = await fetch(`${server.url}${p}`);
    expect(res.status, p).toBeLessThan(500);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe(REFERRER_POLICY);
    expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    // plain HTTP: no HSTS
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('the policy: scripts from this origin only (no inline, no eval), no framing, the relay reachable', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split(';').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|'unsafe-inline'[^;]*;?\s*$|script-src[^;]*unsafe/);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['connect-src']).toContain("'self'");
    expect(PERMISSIONS_POLICY).toBe('microphone=(self), camera=(self), geolocation=()');
  });

  it("the API under the same port has the API's own headers (no framing, nosniff), as behind nginx", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // the documents' headers are the pages' (one helmet per answer, not two)
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('permissions-policy')).toBeNull();
  });

  // every kind of answer: pages, files, the service worker, a 404, the API (a success and a refusal) and /storage
  const EVERY = [...PAGES, '/api/health', '/api/auth/user', '/api/store/get/999999', '/storage/products/none.webp'];

  it('HSTS on every answer when a trusted proxy says the request came over HTTPS', async () => {
    for (const p of EVERY) {
      const res = await fetch(`${server.url}${p}`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(res.headers.get('strict-transport-security'), p).toBe(HSTS);
    }
  });

  it('no HSTS on any answer over plain HTTP (the API and /storage included)', async () => {
    for (const p of EVERY) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
    }
  });
});

describe('nginx (deploy/nginx.conf.template) sends the same headers', () => {
  const template = readFileSync(path.resolve(__dirname, '../../deploy/nginx.conf.template'), 'utf8');

  it('the same Content-Security-Policy, Permissions-Policy and Referrer-Policy', () => {
    expect(template).toContain(`Content-Security-Policy "${CONTENT_SECURITY_POLICY}" always;`);
    expect(template).toContain(`Permissions-Policy "${PERMISSIONS_POLICY}" always;`);
    expect(template).toContain(`Referrer-Policy "${REFERRER_POLICY}" always;`);
    expect(template).toContain(`"${HSTS}"`);
  });

  it("HSTS decided by nginx for every answer: the instances' header hidden, nginx's sent from every location", () => {
    const server = template.slice(template.indexOf('server {'));
    // server level: the upstream's header is dropped and nginx's (empty over HTTP: not sent) added
    const head = server.slice(0, server.search(/\n\s*location /));
    expect(head).toContain('proxy_hide_header Strict-Transport-Security;');
    expect(head).toContain('add_header Strict-Transport-Security $agrivet_hsts always;');
    // a location with add_header of its own inherits none of the server's: each repeats HSTS
    const locations = server.split(/\n\s*location /).slice(1);
    expect(locations.length).toBeGreaterThan(5);
    for (const block of locations) {
      const body = block.slice(0, block.search(/\n {4}}/));
      if (body.includes('add_header')) {
        expect(body, body.split('\n')[0]).toContain('add_header Strict-Transport-Security $agrivet_hsts always;');
      }
      expect(body, body.split('\n')[0]).not.toContain('proxy_hide_header');
    }
  });
});
