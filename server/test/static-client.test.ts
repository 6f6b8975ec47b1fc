/**
 * The built client's files (static-client.ts): a browser that goes away mid-download (a closed tab, a
 * context closed by a test, a cancelled preload) ends that answer; it is not a server error, so nothing
 * reaches the error handler (Express's default one prints a stack for each).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { staticClient } from '../src/static-client';

let dir: string;
let server: import('node:http').Server;
let port: number;
const SIZE = 16 * 1024 * 1024;
const errors: unknown[] = [];
/** Resolves once the answer to the next request has closed. */
let answerClosed: Promise<void> = Promise.resolve();

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-static-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><title>agrivet</title></html>');
  mkdirSync(path.join(dir, 'assets'));
  // far more than the socket's buffers hold, so the download is still going when the client leaves
  const body = randomBytes(SIZE);
  writeFileSync(
    path.join(dir, 'assets', 'big.js.br'),
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 0 } }),
  );
  const app = express();
  app.use((_req: Request, res: Response, next: NextFunction) => {
    answerClosed = new Promise((resolve) => res.on('close', () => resolve()));
    next();
  });
  app.use(staticClient(dir, { supportPhone: '+963944000222' }));
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    errors.push(err);
    if (!res.headersSent) res.status(500).end();
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

it('a download the browser abandons is not an error', async () => {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write('GET /assets/big.js HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\n\r\n');
  const head = await new Promise<string>((resolve) =>
    socket.once('data', (chunk) => resolve(chunk.toString('latin1'))),
  );
  expect(head).toMatch(/^HTTP\/1\.1 200/);
  expect(head).toMatch(/content-encoding: br/i);
  socket.destroy();
  await answerClosed;
  // sendFile reports the abort to its callback a few turns of the event loop after the close
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  // a later, whole answer: the server still serves, and the abandoned one reached no error handler
  const res = await fetch(`http://127.0.0.1:${port}/assets/big.js`, { headers: { 'accept-encoding': 'br' } });
  expect(res.status).toBe(200);
  expect((await res.arrayBuffer()).byteLength).toBe(SIZE);
  expect(errors).toEqual([]);
});
