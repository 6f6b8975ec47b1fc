/**
 * A stand-in for a browser's push service: a node:http server on 127.0.0.1 that records what the API
 * POSTs to it, with a subscription made of our own P-256 key pair and auth secret, so a test can
 * decrypt each notification (aes128gcm, RFC 8291) with http_ece exactly as a browser would, and
 * check the VAPID JWT (RFC 8292) against the API's public key.
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushPayload, PushSubscriptionBody } from '@agrivet/shared';
import { decrypt } from 'http_ece';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushEndpoint {
  origin: string;
  received: Received[];
  /** The status the next requests get (201 by default, as push services answer). */
  respondWith(status: number): void;
  /** A new subscription of this endpoint, under `/push/<name>`, with its own keys. */
  subscription(name?: string): PushSubscriptionBody & { decrypt(r: Received): PushPayload };
  /** Waits until `count` requests arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const received: Received[] = [];
  let status = 201;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let counter = 0;
  return {
    origin,
    received,
    respondWith: (s) => {
      status = s;
    },
    subscription(name = `s${++counter}`) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        decrypt: (r: Received) =>
          JSON.parse(decrypt(r.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')),
      };
    },
    async waitFor(count, timeoutMs = 5000) {
      const start = Date.now();
      while (received.length < count) {
        if (Date.now() - start > timeoutMs) throw new Error(`expected ${count} pushes, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Checks a VAPID `Authorization: vapid t=<JWT>, k=<key>` header: ES256 signature, audience, expiry. */
export function checkVapid(header: string | undefined, publicKey: string, audience: string): Record<string, unknown> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('VAPID k= is not the API public key');
  const [head, payload, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID JWT signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (claims.aud !== audience) throw new Error(`VAPID aud ${claims.aud} is not ${audience}`);
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) throw new Error('VAPID JWT expired');
  return claims;
}
