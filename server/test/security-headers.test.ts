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

  it('the API under the same port too (no framing, nosniff)', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
  });

  it('HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const res = await fetch(`${server.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe(HSTS);
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
});
