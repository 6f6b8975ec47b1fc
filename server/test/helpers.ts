/** The `npm start` composition for tests: fresh SQLite file, temp storage and a fake built client. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ApiResponse, AuthPayload, ClientToServerEvents, ServerToClientEvents } from '@agrivet/shared';
import { io, type Socket } from 'socket.io-client';
import { type RunningServer, startServer } from '../src/start';

export const INDEX_HTML =
  '<!doctype html><html lang="ar" dir="rtl"><meta name="agrivet-support-phone" content="SUPPORT_PHONE"><title>agrivet-test-index</title></html>';
export const SUPPORT_PHONE = '+963944000111';
/** index.html as served: the SUPPORT_PHONE setting in place of the placeholder. */
export const SERVED_INDEX_HTML = INDEX_HTML.replace('content="SUPPORT_PHONE"', `content="${SUPPORT_PHONE}"`);
export const ASSET = 'assets/index-3f9a1c2b.js';
export const ASSET_TEXT = `console.log("agrivet");\n${'// padding so compression pays\n'.repeat(60)}`;

export interface TestServer {
  running: RunningServer;
  url: string;
  close(): Promise<void>;
}

/** A client dist folder as Vite + vite-plugin-pwa build it: index.html, a hashed asset, sw.js. */
function fakeClientDist(dir: string): string {
  const dist = path.join(dir, 'client-dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, ASSET), ASSET_TEXT);
  // client/scripts/precompress.mjs writes these beside every text file of the build.
  writeFileSync(path.join(dist, `${ASSET}.br`), brotliCompressSync(ASSET_TEXT));
  writeFileSync(path.join(dist, `${ASSET}.gz`), gzipSync(ASSET_TEXT));
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  return dist;
}

export interface TestServerOptions {
  /** false: the client folder does not exist (the client was never built). */
  clientBuilt?: boolean;
  /** The SSR entry module; default none (every page gets the shell, whatever the repository's build). */
  ssrEntry?: string;
  /** Files written into the fake client dist (relative path → content), e.g. `.vite/manifest.json`. */
  distFiles?: Record<string, string>;
  env?: NodeJS.ProcessEnv;
}

export async function startTestServer({
  clientBuilt = true,
  ssrEntry,
  distFiles = {},
  env = {},
}: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-server-test-'));
  const dist = clientBuilt ? fakeClientDist(dir) : path.join(dir, 'no-client-dist');
  for (const [rel, content] of Object.entries(distFiles)) {
    mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    writeFileSync(path.join(dist, rel), content);
  }
  const running = await startServer({
    env: {
      PORT: '0',
      DATABASE_URL: `sqlite:${path.join(dir, 'test.db')}`,
      STORAGE_DIR: path.join(dir, 'storage'),
      SUPPORT_PHONE,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...env,
    },
    clientDist: dist,
    ssrEntry: ssrEntry ?? path.join(dir, 'no-ssr-entry.js'),
    host: '127.0.0.1',
  });
  return {
    running,
    url: `http://127.0.0.1:${running.port}`,
    async close() {
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function login(url: string, phone: string, password: string): Promise<AuthPayload> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  const body = (await res.json()) as ApiResponse<AuthPayload>;
  if (!('data' in body)) throw new Error(`login ${phone}: ${body.status} ${body.error.message}`);
  return body.data;
}

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connectSocket(url: string, token: string): Promise<TestSocket> {
  const socket: TestSocket = io(url, {
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** A GET without fetch's automatic decompression: the bytes exactly as sent, with the headers. */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
